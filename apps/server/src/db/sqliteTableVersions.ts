import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/** A write whose tables cannot be told (a schema change, a rollback, another process) changes them all. */
const ALL = 'all';
/** Foreign-key actions that write the referencing table when the referenced row changes. */
const WRITING_ACTIONS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);
/** Users whose own version of a table is kept; past this, all are forgotten at once (see #userFloor). */
export const USER_VERSIONS_KEPT = 100_000;

type OneUsersRows = { table: string; userIdParameter: number };

/**
 * Tells a cache in this process, exactly, whether the tables its entry was read from may have changed since
 * (docs/decisions/0027-exact-caches-on-sqlite.md). A snapshot of some tables is a number that grows whenever
 * one of them may have been written; equal snapshots mean none was.
 *
 * - This server's writes: before every writing statement runs (sqliteGroupCommit.ts), each table it may
 *   change is bumped: those its SQL names and those that the schema's triggers and foreign-key actions reach
 *   from them. A statement that names no table or changes the schema, and every rollback, bump all tables.
 * - Other processes' writes (the admin command line, a second server on the same file): SQLite's
 *   `data_version` changes with every commit of another connection; it is read at most once per event-loop
 *   turn, and a change bumps all tables.
 * - A frequent write declared to change one user's rows of a table (a step save) bumps that table for that
 *   user only, in the snapshots of a cache keyed by user (`userSnapshot`): one person's save leaves everyone
 *   else's cached answers in place. Every other snapshot of the table moves with it as with any write.
 */
export class SqliteTableVersions {
  readonly #sqlite: SqliteDatabase;
  readonly #dataVersion: Statement;
  readonly #versions = new Map<string, number>();
  /** Bumps of every table at once. */
  #all = 0;
  /** Per table: the tables a write to it may change (itself included). Read from the schema when needed. */
  #reach: Map<string, string[]> | undefined;
  readonly #changedBySql = new Map<string, string[] | typeof ALL>();
  readonly #unread = new Set<string>();
  readonly #oneUsersRows = new Map<string, OneUsersRows>();
  /** Per table: its writes declared to change one user's rows, which #versions leaves out. */
  readonly #oneUserWrites = new Map<string, number>();
  /** Per table and user: the clock at that user's last declared write. */
  readonly #userVersions = new Map<string, number>();
  #userClock = 0;
  /** What a user who is not in #userVersions counts as: no less than any version they had before. */
  #userFloor = 0;
  #lastDataVersion: number;
  #checkedThisTurn = false;

  constructor(sqlite: SqliteDatabase) {
    this.#dataVersion = sqlite.prepare('pragma data_version').pluck();
    this.#lastDataVersion = this.#dataVersion.get() as number;
    this.#sqlite = sqlite;
  }

  /** A number that grows whenever one of `tables` may have been written. */
  snapshot(tables: readonly string[]): number {
    this.#checkOtherProcesses();
    let sum = this.#all;
    for (const table of tables)
      sum += (this.#versions.get(table) ?? 0) + (this.#oneUserWrites.get(table) ?? 0);
    return sum;
  }

  /**
   * A number that grows whenever `userId`'s rows of one of `tables` may have been written: any write but
   * those declared to change another user's rows only.
   */
  userSnapshot(tables: readonly string[], userId: string): number {
    this.#checkOtherProcesses();
    let sum = this.#all;
    for (const table of tables) sum += (this.#versions.get(table) ?? 0) + this.#userVersion(table, userId);
    return sum;
  }

  /** Called before a writing statement runs, with the values bound to it. */
  writing(sql: string, parameters: readonly unknown[]): void {
    if (this.#unread.has(sql)) return;
    let changed = this.#changedBySql.get(sql);
    if (changed === undefined) {
      changed = this.#tablesChangedBy(sql);
      if (this.#changedBySql.size >= 1000) this.#changedBySql.clear();
      this.#changedBySql.set(sql, changed);
    }
    if (changed === ALL) {
      this.changedAll();
      // The schema may have changed with it: what a write reaches is read again.
      this.#reach = undefined;
      this.#changedBySql.clear();
      return;
    }
    const oneUser = this.#oneUsersRows.get(sql);
    for (const table of changed) {
      if (table === oneUser?.table)
        this.#wroteOneUsersRows(table, String(parameters[oneUser.userIdParameter]));
      else this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
    }
  }

  /**
   * A writing statement that changes, of `table`, only the rows of the user whose id is bound to its
   * parameter `userIdParameter` (what triggers and foreign keys reach from it is bumped as for any write).
   */
  changesOneUsersRows(sql: string, table: string, userIdParameter: number): void {
    this.#oneUsersRows.set(sql, { table, userIdParameter });
  }

  #wroteOneUsersRows(table: string, userId: string): void {
    this.#oneUserWrites.set(table, (this.#oneUserWrites.get(table) ?? 0) + 1);
    if (this.#userVersions.size >= USER_VERSIONS_KEPT) {
      this.#userVersions.clear();
      this.#userFloor = this.#userClock;
    }
    this.#userClock += 1;
    this.#userVersions.set(`${table}\u0000${userId}`, this.#userClock);
  }

  #userVersion(table: string, userId: string): number {
    return this.#userVersions.get(`${table}\u0000${userId}`) ?? this.#userFloor;
  }

  /** A writing statement that changes nothing any cache reads: it bumps no table. */
  changesNothingCached(sql: string): void {
    this.#unread.add(sql);
  }

  /** After a rollback: what was read since the writes began may be gone. */
  changedAll(): void {
    this.#all += 1;
  }

  #checkOtherProcesses(): void {
    // A closed connection answers nothing from a cache either: the read goes on and fails as it would.
    if (!this.#sqlite.open) {
      this.changedAll();
      return;
    }
    if (this.#checkedThisTurn) return;
    this.#checkedThisTurn = true;
    setImmediate(() => {
      this.#checkedThisTurn = false;
    });
    const version = this.#dataVersion.get() as number;
    if (version !== this.#lastDataVersion) {
      this.#lastDataVersion = version;
      this.changedAll();
    }
  }

  #tablesChangedBy(sql: string): string[] | typeof ALL {
    if (/^\s*(create|drop|alter|pragma|vacuum|attach|detach|reindex)\b/i.test(sql)) return ALL;
    this.#reach ??= reachOfWrites(this.#sqlite);
    const reach = this.#reach;
    const changed = new Set<string>();
    for (const [table, reached] of reach) {
      if (mentions(sql, table)) for (const other of reached) changed.add(other);
    }
    return changed.size === 0 ? ALL : [...changed];
  }
}

function mentions(sql: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, 'i').test(sql);
}

/** For every table, the tables a write to it may change: itself, and what its triggers and references reach. */
export function reachOfWrites(sqlite: SqliteDatabase): Map<string, string[]> {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  const next = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  const triggers = sqlite
    .prepare("select tbl_name as 'on', sql from sqlite_master where type = 'trigger'")
    .all() as Array<{ on: string; sql: string }>;
  for (const trigger of triggers) {
    for (const table of tables)
      if (table !== trigger.on && mentions(trigger.sql, table)) next.get(trigger.on)?.add(table);
  }
  for (const table of tables) {
    const keys = sqlite.pragma(`foreign_key_list("${table.replaceAll('"', '""')}")`) as Array<{
      table: string;
      on_update: string;
      on_delete: string;
    }>;
    for (const key of keys) {
      if (WRITING_ACTIONS.has(key.on_delete) || WRITING_ACTIONS.has(key.on_update))
        next.get(key.table)?.add(table);
    }
  }
  const reach = new Map<string, string[]>();
  for (const table of tables) {
    const seen = new Set([table]);
    const queue = [table];
    for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
      for (const other of next.get(current) ?? []) {
        if (!seen.has(other)) {
          seen.add(other);
          queue.push(other);
        }
      }
    }
    reach.set(table, [...seen]);
  }
  return reach;
}
