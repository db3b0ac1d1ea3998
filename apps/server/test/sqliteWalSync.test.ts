import { fdatasync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { GroupCommitSqliteDialect } from '../src/db/sqliteGroupCommit.ts';
import { WalSync } from '../src/db/sqliteWalSync.ts';
import { committedBodies } from './committedNotes.ts';

/**
 * Group commit with the WAL synced off the main thread (src/db/sqliteWalSync.ts): a COMMIT no longer waits
 * for the disk, and no write is acknowledged before an fdatasync that began after its COMMIT has finished.
 */

type Tables = { notes: { id: number; body: string } };

/** An fdatasync that waits until the test lets it finish, or fails it. */
class HeldSync {
  readonly calls: { finish(error?: Error): void }[] = [];
  readonly sync = (fd: number, done: (error: Error | null) => void) => {
    this.calls.push({ finish: (error) => (error ? done(error) : fdatasync(fd, done)) });
  };
}

let dir: string;
let file: string;
let held: HeldSync;
let walSync: WalSync;
let dialect: GroupCommitSqliteDialect;
let db: Kysely<Tables>;

const insert = (body: string) =>
  db
    .insertInto('notes')
    .values({ body } as never)
    .execute();

/** Settles after every pending callback and timer of this turn, including setImmediate's group flush. */
const nextTurns = () => new Promise((resolve) => setTimeout(resolve, 5));

async function settledState(promise: Promise<unknown>): Promise<string> {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await nextTurns();
  return state;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sam-wal-sync-'));
  file = join(dir, 'test.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  held = new HeldSync();
  walSync = new WalSync(`${file}-wal`, held.sync);
  dialect = new GroupCommitSqliteDialect(sqlite, walSync);
  db = new Kysely<Tables>({ dialect });
  const created = sql`create table notes (id integer primary key, body text not null unique)`.execute(db);
  await nextTurns();
  held.calls.shift()?.finish();
  await created;
});

afterEach(async () => {
  for (const call of held.calls) call.finish();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('group commit with the WAL synced off the main thread', () => {
  it('lets the COMMIT skip its own sync (synchronous=NORMAL)', async () => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows).toEqual([{ synchronous: 1 }]);
  });

  it('acknowledges a write only once the sync that followed its COMMIT has finished', async () => {
    const write = insert('held');
    expect(await settledState(write)).toBe('pending');
    // Committed (another connection reads it) but not yet known to be on the disk.
    expect(committedBodies(file)).toEqual(['held']);
    expect(held.calls).toHaveLength(1);
    held.calls[0]?.finish();
    await expect(write).resolves.toBeDefined();
  });

  it('answers reads while a sync is under way', async () => {
    const write = insert('being synced');
    await nextTurns();
    await expect(db.selectFrom('notes').select('body').execute()).resolves.toEqual([
      { body: 'being synced' },
    ]);
    held.calls[0]?.finish();
    await write;
  });

  it('runs one sync at a time: groups committed while one runs share the next', async () => {
    const syncsBefore = walSync.syncs;
    const first = insert('first');
    await nextTurns();
    const later = [insert('second')];
    await nextTurns();
    later.push(insert('third'));
    await nextTurns();
    expect(dialect.driver.commits).toBeGreaterThanOrEqual(3);
    expect(held.calls).toHaveLength(1);

    held.calls[0]?.finish();
    await first;
    expect(await settledState(Promise.all(later))).toBe('pending');
    expect(held.calls).toHaveLength(2);
    held.calls[1]?.finish();
    await Promise.all(later);
    expect(walSync.syncs - syncsBefore).toBe(2);
  });

  it('fails every write of a group whose sync fails; the next group is synced again', async () => {
    const writes = Promise.allSettled([insert('a'), insert('b')]);
    await nextTurns();
    held.calls[0]?.finish(new Error('EIO: i/o error, fdatasync'));
    expect((await writes).map((r) => r.status)).toEqual(['rejected', 'rejected']);

    const after = insert('after');
    await nextTurns();
    held.calls[1]?.finish();
    await expect(after).resolves.toBeDefined();
  });

  it('settles a transaction’s commit after the sync', async () => {
    const done = db.transaction().execute((trx) =>
      trx
        .insertInto('notes')
        .values({ body: 'in a transaction' } as never)
        .execute(),
    );
    expect(await settledState(done)).toBe('pending');
    held.calls[0]?.finish();
    await done;
    expect(committedBodies(file)).toEqual(['in a transaction']);
  });
});

describe('WalSync', () => {
  it('fails the sync of a WAL file it cannot open, instead of throwing from the commit', async () => {
    const missing = new WalSync(join(dir, 'missing.db-wal'));
    await expect(missing.synced()).rejects.toMatchObject({ code: 'ENOENT' });
    await missing.close();
  });
});

describe('openDatabase', () => {
  it('acknowledges writes to a file database at synchronous=NORMAL, synced by the real fdatasync', async () => {
    const handle = openDatabase(`sqlite:${join(dir, 'opened.db')}`);
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      await sql`insert into t values (1)`.execute(handle.db);
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(rows).toEqual([{ synchronous: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
