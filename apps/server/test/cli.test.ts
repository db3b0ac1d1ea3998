import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, newUser, startTestApp, type TestApp } from './helpers.ts';

const run = promisify(execFile);
const cli = new URL('../src/cli.ts', import.meta.url).pathname;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await newUser(t, 'admin-to-be@example.com');
});
afterAll(async () => {
  await t.close();
});

function sam(...args: string[]) {
  return samOn(t.databaseUrl, ...args);
}

function samOn(databaseUrl: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

const onSqlite = () => t.databaseUrl.startsWith('sqlite:');

describe('npm run sam -- admin', () => {
  it('grants and revokes the admin role', async () => {
    const granted = await sam('admin', 'grant', 'Admin-To-Be@example.com');
    expect(granted.stdout).toContain('admin-to-be@example.com is now an admin.');
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({ role: 'admin', isAdmin: true });

    await sam('admin', 'revoke', 'admin-to-be@example.com');
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({ role: 'user', isAdmin: false });
  });

  it('says so when the account does not exist, and shows usage for bad arguments', async () => {
    await expect(sam('admin', 'grant', 'nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the e-mail nobody@example.com.'),
    });
    await expect(sam('admin', 'promote', 'x@example.com')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage:'),
    });
  });
});

describe('npm run sam -- db', () => {
  it('backs up a live SQLite database while it is written to, and never overwrites a file', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'sam-backup-')), 'copy.db');
    if (!onSqlite()) {
      await expect(sam('db', 'backup', target)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('pg_dump --format=custom'),
      });
      expect(existsSync(target)).toBe(false);
      return;
    }
    const writes = Promise.all(
      Array.from({ length: 10 }, (_, i) => newUser(t, `during-backup-${i}@example.com`)),
    );
    const made = await sam('db', 'backup', target);
    await writes;
    expect(made.stdout).toContain(`A consistent copy of the database is in ${target}.`);
    const copy = new SQLite(target, { readonly: true });
    try {
      const emails = copy.prepare('select email from users').pluck().all();
      expect(emails).toContain('admin-to-be@example.com');
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    await expect(sam('db', 'backup', target)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('exists already'),
    });
  });

  it('checks the database, and names what is broken', async () => {
    expect((await sam('db', 'check')).stdout).toContain('The database is sound.');
    if (!onSqlite()) return;
    // A copy with a row whose owner is gone, as a faulty tool could leave it.
    const broken = join(mkdtempSync(join(tmpdir(), 'sam-check-')), 'broken.db');
    await sam('db', 'backup', broken);
    const db = new SQLite(broken);
    db.pragma('foreign_keys = OFF');
    db.prepare(
      "insert into user_preferences (user_id, date_display_opted_out, updated_at) values ('no-such-user', 0, 0)",
    ).run();
    db.close();
    await expect(samOn(`sqlite:${broken}`, 'db', 'check')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/user_preferences row \d+ points to a missing users row/),
    });
  });

  it('shows the usage for anything else', async () => {
    for (const args of [['db'], ['db', 'backup'], ['db', 'check', 'extra'], ['nothing']]) {
      await expect(sam(...args)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('db backup'),
      });
    }
  });
});
