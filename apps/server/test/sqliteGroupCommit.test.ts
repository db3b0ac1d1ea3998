import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect, ROOT_DB_IN_TRANSACTION } from '../src/db/sqliteGroupCommit.ts';
import { committedBodies } from './committedNotes.ts';

/**
 * The group-commit SQLite driver (src/db/sqliteGroupCommit.ts): writes that arrive together share one
 * COMMIT, and none is acknowledged before its COMMIT returned.
 */

type Tables = {
  notes: { id: number; body: string };
  children: { id: number; parent: number };
};

let dir: string;
let file: string;
let dialect: GroupCommitSqliteDialect;
let db: Kysely<Tables>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sam-group-commit-'));
  file = join(dir, 'test.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The server waits 5 s for another process's write lock; here a lock held past this is met sooner.
  sqlite.pragma('busy_timeout = 200');
  dialect = new GroupCommitSqliteDialect(sqlite);
  db = new Kysely<Tables>({ dialect });
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(db);
  // Checked at COMMIT: the way to make a COMMIT itself fail.
  await sql`create table children (id integer primary key,
    parent integer references notes(id) deferrable initially deferred)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (body: string) =>
  db
    .insertInto('notes')
    .values({ body } as never)
    .execute();

describe('group commit', () => {
  it('commits writes that arrive together once, and each is durable when its promise resolves', async () => {
    const before = dialect.driver.commits;
    const bodies = Array.from({ length: 50 }, (_, i) => `note ${i}`);
    await Promise.all(
      bodies.map(async (body) => {
        await insert(body);
        // Acknowledged means committed: another connection sees it now.
        expect(committedBodies(file)).toContain(body);
      }),
    );
    expect(dialect.driver.commits - before).toBe(1);
    expect(committedBodies(file)).toEqual(bodies);
  });

  it('commits writes of later turns in later groups', async () => {
    const before = dialect.driver.commits;
    await insert('first');
    await insert('second');
    expect(dialect.driver.commits - before).toBe(2);
  });

  it('fails only the statement that failed; the rest of its group is committed', async () => {
    await insert('taken');
    const results = await Promise.allSettled([insert('a'), insert('taken'), insert('b')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedBodies(file)).toEqual(['taken', 'a', 'b']);
  });

  it('fails every write of a group whose COMMIT fails, and keeps none of them', async () => {
    await insert('kept');
    const results = await Promise.allSettled([
      insert('lost 1'),
      db
        .insertInto('children')
        .values({ parent: 999 } as never)
        .execute(),
      insert('lost 2'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(committedBodies(file)).toEqual(['kept']);
    // The next group works again.
    await insert('after');
    expect(committedBodies(file)).toEqual(['kept', 'after']);
  });

  it('runs a statement that is read-only but returns no rows (a drop of nothing)', async () => {
    await expect(sql`drop table if exists nothing_here`.execute(db)).resolves.toMatchObject({ rows: [] });
    await expect(sql`drop trigger if exists nothing_here`.execute(db)).resolves.toMatchObject({ rows: [] });
  });

  it('reads see committed data and return at once', async () => {
    await insert('visible');
    const rows = await db.selectFrom('notes').select('body').execute();
    expect(rows).toEqual([{ body: 'visible' }]);
  });

  it('writes with RETURNING resolve with their rows after the commit', async () => {
    const rows = await db
      .insertInto('notes')
      .values({ body: 'returned' } as never)
      .returning('id')
      .execute();
    expect(rows).toEqual([{ id: expect.any(Number) }]);
    expect(committedBodies(file)).toEqual(['returned']);
  });
});

describe('explicit transactions inside the group', () => {
  it('commit all their statements together, durable when the commit resolves', async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notes')
        .values({ body: 'tx 1' } as never)
        .execute();
      await trx
        .insertInto('notes')
        .values({ body: 'tx 2' } as never)
        .execute();
    });
    expect(committedBodies(file)).toEqual(['tx 1', 'tx 2']);
  });

  it('roll back alone: writes of other requests in the same group are kept', async () => {
    const outside = insert('outside');
    const failing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notes')
        .values({ body: 'inside' } as never)
        .execute();
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    await outside;
    expect(committedBodies(file)).toEqual(['outside']);
  });

  it('are isolated: other statements wait until the transaction ends', async () => {
    const seen: string[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notes')
        .values({ body: 'half done' } as never)
        .execute();
      await held;
      throw new Error('roll back');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const reader = db
      .selectFrom('notes')
      .select('body')
      .execute()
      .then((rows) => seen.push(rows.map((r) => r.body)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    await reader;
    // The reader never saw the rolled-back row.
    expect(seen).toEqual([[]]);
  });

  it('refuse a query on the root db from inside their callback instead of waiting forever', async () => {
    const nested = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notes')
        .values({ body: 'inside' } as never)
        .execute();
      await db.selectFrom('notes').selectAll().execute();
    });
    await expect(nested).rejects.toThrow(ROOT_DB_IN_TRANSACTION);
    await insert('after');
    expect(committedBodies(file)).toEqual(['after']);
  });

  it('do not keep a plain write waiting while 40 of them follow each other', async () => {
    let bodiesDone = 0;
    let doneWhenPlainResolved = -1;
    const plain = insert('plain').then(() => {
      doneWhenPlainResolved = bodiesDone;
    });
    const transactions = Array.from({ length: 40 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notes')
          .values({ body: `t${i}` } as never)
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 5));
        bodiesDone += 1;
      }),
    );
    await Promise.all([plain, ...transactions]);
    // Without a bound the group would stay open until the last transaction ended.
    expect(doneWhenPlainResolved).toBeLessThan(40);
    expect(dialect.driver.commits).toBeGreaterThan(1);
    expect(committedBodies(file)).toHaveLength(41);
  });

  it('run one after another', async () => {
    const order: string[] = [];
    await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        db.transaction().execute(async (trx) => {
          order.push(`${name} begins`);
          await trx
            .insertInto('notes')
            .values({ body: name } as never)
            .execute();
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual(['one begins', 'one ends', 'two begins', 'two ends', 'three begins', 'three ends']);
    expect(committedBodies(file)).toEqual(['one', 'two', 'three']);
  });
});

describe('when another process holds the write lock', () => {
  it('refuses a transaction whose BEGIN is refused, and later transactions and writes run', async () => {
    const other = new SQLite(file);
    other.exec('begin immediate');
    try {
      const refused = db.transaction().execute((trx) =>
        trx
          .insertInto('notes')
          .values({ body: 'refused' } as never)
          .execute(),
      );
      await expect(refused).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      await expect(insert('also refused')).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    } finally {
      other.exec('rollback');
      other.close();
    }
    await db.transaction().execute((trx) =>
      trx
        .insertInto('notes')
        .values({ body: 'after' } as never)
        .execute(),
    );
    await insert('plain after');
    expect(committedBodies(file)).toEqual(['after', 'plain after']);
  });
});
