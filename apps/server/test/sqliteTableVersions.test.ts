import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExactCache } from '../src/db/exactCache.ts';
import { GroupCommitSqliteDialect } from '../src/db/sqliteGroupCommit.ts';
import { type SqliteTableVersions, USER_VERSIONS_KEPT } from '../src/db/sqliteTableVersions.ts';

/**
 * What lets a cache on SQLite stay exact (src/db/sqliteTableVersions.ts): a table's snapshot moves with every
 * write that may change it, by this connection (directly, through a trigger or a foreign key's action) or by
 * another one, and with every rollback; and with nothing else.
 */

type Tables = {
  notes: { id: number; body: string };
  children: { id: number; note: number };
  audit: { note: number };
  tags: { id: number; name: string };
};

let dir: string;
let file: string;
let db: Kysely<Tables>;
let versions: SqliteTableVersions;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sam-table-versions-'));
  file = join(dir, 'test.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`
    create table notes (id integer primary key, body text not null);
    create table children (id integer primary key, note integer not null references notes(id) on delete cascade);
    create table audit (note integer not null);
    create table tags (id integer primary key, name text not null);
    create trigger notes_audit after insert on notes begin insert into audit values (new.id); end;
  `);
  const dialect = new GroupCommitSqliteDialect(sqlite);
  db = new Kysely<Tables>({ dialect });
  versions = dialect.driver.versions;
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** Which of the tables' snapshots moved while `act` ran (read in a later turn, as a next request would). */
async function moved(act: () => Promise<unknown>): Promise<string[]> {
  const tables = ['notes', 'children', 'audit', 'tags'] as const;
  await nextTurn();
  const before = tables.map((table) => versions.snapshot([table]));
  await act();
  await nextTurn();
  return tables.filter((table, i) => versions.snapshot([table]) !== before[i]);
}

describe('SqliteTableVersions', () => {
  it('moves the written table and what its triggers and references may write, and nothing else', async () => {
    // Any write to notes moves children, whose rows a delete of a note would remove (an insert cannot: the
    // rule is kept simple, and moving a table too many only costs a read).
    expect(await moved(() => db.insertInto('notes').values({ id: 1, body: 'a' }).execute())).toEqual([
      'notes',
      'children',
      'audit',
    ]);
    expect(await moved(() => db.insertInto('tags').values({ id: 1, name: 't' }).execute())).toEqual(['tags']);
    expect(await moved(() => db.selectFrom('notes').selectAll().execute())).toEqual([]);
  });

  it("moves the tables a foreign key's action writes", async () => {
    await db.insertInto('notes').values({ id: 1, body: 'a' }).execute();
    await db.insertInto('children').values({ id: 1, note: 1 }).execute();
    expect(await moved(() => db.deleteFrom('notes').where('id', '=', 1).execute())).toEqual([
      'notes',
      'children',
      'audit',
    ]);
    expect(await db.selectFrom('children').selectAll().execute()).toEqual([]);
  });

  it('moves every table on a rollback, a schema change or a statement it cannot read', async () => {
    const all = ['notes', 'children', 'audit', 'tags'];
    expect(
      await moved(() =>
        db
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto('tags').values({ id: 1, name: 't' }).execute();
            throw new Error('undone');
          })
          .catch(() => undefined),
      ),
    ).toEqual(all);
    expect(await moved(() => sql`create index tags_name on tags (name)`.execute(db))).toEqual(all);
    expect(await moved(() => sql`analyze`.execute(db))).toEqual(all);
  });

  it('moves every table after another connection commits, from the next turn on', async () => {
    const other = new SQLite(file);
    try {
      expect(await moved(async () => other.prepare('select count(*) from notes').get())).toEqual([]);
      expect(await moved(async () => other.prepare("insert into tags values (5, 'x')").run())).toEqual([
        'notes',
        'children',
        'audit',
        'tags',
      ]);
    } finally {
      other.close();
    }
  });

  it('leaves every table as it was for a write declared to change nothing a cache reads', async () => {
    const touch = 'update "tags" set "name" = ? where "id" = ?';
    await db.insertInto('tags').values({ id: 1, name: 't' }).execute();
    versions.changesNothingCached(touch);
    expect(await moved(() => db.executeQuery(CompiledQuery.raw(touch, ['u', 1])))).toEqual([]);
    expect(await db.selectFrom('tags').select('name').execute()).toEqual([{ name: 'u' }]);
  });
});

describe("SqliteTableVersions: writes declared to change one user's rows", () => {
  // notes.id stands for a user's id here: the declared statement changes the notes of the user it names.
  const save =
    'insert into "notes" ("id", "body") values (?, ?) on conflict ("id") do update set "body" = excluded."body"';
  const saveFor = (id: number, body: string) => db.executeQuery(CompiledQuery.raw(save, [id, body]));
  beforeEach(() => {
    versions.changesOneUsersRows(save, 'notes', 0);
  });

  it("moves that user's snapshot of the table, and every snapshot that is not a user's", async () => {
    await nextTurn();
    const [first, second, table, audit] = [
      versions.userSnapshot(['notes'], '1'),
      versions.userSnapshot(['notes'], '2'),
      versions.snapshot(['notes']),
      versions.userSnapshot(['audit'], '2'),
    ];
    await saveFor(1, 'a');
    await nextTurn();
    expect(versions.userSnapshot(['notes'], '1')).not.toBe(first);
    expect(versions.userSnapshot(['notes'], '2')).toBe(second);
    expect(versions.snapshot(['notes'])).not.toBe(table);
    // What its trigger writes is not one user's: every snapshot of it moves.
    expect(versions.userSnapshot(['audit'], '2')).not.toBe(audit);
  });

  it("moves every user's snapshot on an undeclared write, a rollback or another connection's commit", async () => {
    const secondUser = async () => {
      await nextTurn();
      return versions.userSnapshot(['notes'], '2');
    };
    let before = await secondUser();
    await db.insertInto('notes').values({ id: 1, body: 'a' }).execute();
    expect(await secondUser()).not.toBe(before);
    before = await secondUser();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(save, [1, 'b']));
        throw new Error('undone');
      })
      .catch(() => undefined);
    expect(await secondUser()).not.toBe(before);
    before = await secondUser();
    const other = new SQLite(file);
    try {
      other.prepare("insert into tags values (5, 'x')").run();
    } finally {
      other.close();
    }
    expect(await secondUser()).not.toBe(before);
  });

  it("never gives a user's snapshot back once it has moved, though it forgets users past its bound", async () => {
    await nextTurn();
    const unwritten = versions.userSnapshot(['notes'], '1');
    await saveFor(1, 'a');
    await nextTurn();
    expect(versions.userSnapshot(['notes'], '1')).not.toBe(unwritten);
    // Enough other users' writes that the first user's own version is forgotten.
    for (let other = 2; other <= USER_VERSIONS_KEPT + 1; other++) versions.writing(save, [other, 'x']);
    expect(versions.userSnapshot(['notes'], '1')).not.toBe(unwritten);
  });
});

describe('ExactCache', () => {
  const reads: string[] = [];
  const load = (value: string | undefined) => async () => {
    reads.push(value ?? 'nothing');
    return value;
  };
  beforeEach(() => {
    reads.length = 0;
  });

  it('answers from the cache until one of its tables is written, then reads again', async () => {
    const cache = new ExactCache<string>(versions, ['notes'] as never, { maxEntries: 10 });
    expect(await cache.get('k', load('first'))).toBe('first');
    expect(await cache.get('k', load('second'))).toBe('first');
    await db.insertInto('tags').values({ id: 1, name: 't' }).execute();
    expect(await cache.get('k', load('third'))).toBe('first');
    await db.insertInto('notes').values({ id: 1, body: 'a' }).execute();
    expect(await cache.get('k', load('fourth'))).toBe('fourth');
    expect(reads).toEqual(['first', 'fourth']);
  });

  it("keyed by user ids: another user's declared write keeps the entry, the user's own empties it", async () => {
    const save = 'update "notes" set "body" = ? where "id" = ?';
    versions.changesOneUsersRows(save, 'notes', 1);
    await db
      .insertInto('notes')
      .values([
        { id: 1, body: 'a' },
        { id: 2, body: 'b' },
      ])
      .execute();
    const cache = new ExactCache<string>(versions, ['notes'] as never, {
      maxEntries: 10,
      keysAreUserIds: true,
    });
    expect(await cache.get('1', load('first'))).toBe('first');
    await db.executeQuery(CompiledQuery.raw(save, ['c', 2]));
    expect(await cache.get('1', load('second'))).toBe('first');
    await db.executeQuery(CompiledQuery.raw(save, ['d', 1]));
    expect(await cache.get('1', load('third'))).toBe('third');
    expect(reads).toEqual(['first', 'third']);
  });

  it('keeps no answer that was written while it was read', async () => {
    const cache = new ExactCache<string>(versions, ['notes'] as never, { maxEntries: 10 });
    await cache.get('k', async () => {
      await db.insertInto('notes').values({ id: 1, body: 'a' }).execute();
      return 'read before the write landed';
    });
    expect(await cache.get('k', load('fresh'))).toBe('fresh');
  });

  it('keeps no empty answer, and drops the oldest entries past its bounds', async () => {
    const cache = new ExactCache<string>(versions, ['notes'] as never, {
      maxEntries: 2,
      maxBytes: 10,
      bytesOf: (value) => (value as string).length,
    });
    expect(await cache.get('unknown', load(undefined))).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb'));
    await cache.get('c', load('cccc'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', load('a again'))).toBe('a again');
    await cache.get('big', load('x'.repeat(11)));
    expect(await cache.get('big', load('small'))).toBe('small');
    expect(reads).toEqual(['nothing', 'aaaa', 'bbbb', 'cccc', 'a again', 'x'.repeat(11), 'small']);
  });
});
