import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/index.ts';

/** The server's SQLite checkpoints in a worker thread (src/db/sqliteCheckpoints.ts). */

let dir: string;
let database: DatabaseHandle | undefined;

afterEach(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function writeAbout(megabytes: number) {
  const db = database?.db as DatabaseHandle['db'];
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  const body = 'x'.repeat(64 * 1024);
  for (let i = 0; i < megabytes * 16; i++) await sql`insert into notes (body) values (${body})`.execute(db);
}

async function eventually(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

describe('background checkpoints', () => {
  it('copy committed pages into the database file without a request doing it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sam-checkpoints-'));
    const file = join(dir, 'sam.db');
    database = openDatabase(`sqlite:${file}`, { backgroundCheckpoints: true });
    // 2 MB is below SQLite's own threshold (1,000 pages) and far below the fallback: only the worker
    // can have moved the pages into the file.
    await writeAbout(2);
    expect(await eventually(() => statSync(file).size > 2 * 1024 * 1024)).toBe(true);
    await database.close();
    database = undefined;
  });

  it('are off unless asked for: the pages stay in the WAL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sam-checkpoints-'));
    const file = join(dir, 'sam.db');
    database = openDatabase(`sqlite:${file}`);
    await writeAbout(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2 * 1024 * 1024);
  });
});
