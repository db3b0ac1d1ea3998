import type { Db } from './index.ts';
import type { Database } from './schema.ts';
import type { SqliteTableVersions } from './sqliteTableVersions.ts';

export type TableName = keyof Database;
type Limits = {
  maxEntries: number;
  maxBytes?: number;
  bytesOf?: (value: unknown) => number;
  /** Keys are user ids: a write declared to change one user's rows empties that user's entry only. */
  keysAreUserIds?: boolean;
};
type Entry<V> = { value: V; snapshot: number; bytes: number };

const versionsOf = new WeakMap<Db, SqliteTableVersions>();

/** Lets caches on `db` know when its tables change (SQLite only: see SqliteTableVersions). */
export function trackTableVersions(db: Db, versions: SqliteTableVersions): void {
  versionsOf.set(db, versions);
}

/**
 * Declares a writing statement (its SQL) that changes no column any cache reads, so that it empties no cache:
 * only for a write as frequent as it is harmless (a session's last use); a cache that reads what it writes
 * would go stale.
 */
export function changesNothingCached(db: Db, sql: string): void {
  versionsOf.get(db)?.changesNothingCached(sql);
}

/**
 * Declares a writing statement (its SQL) that changes, of `table`, only the rows of the user whose id is
 * bound to its parameter `userIdParameter`: it empties that user's entries of caches keyed by user id, and
 * every entry of other caches of the table. For a write as frequent as a step save, so that one person's
 * save does not empty everyone's cached progress.
 */
export function changesOneUsersRows(db: Db, sql: string, table: TableName, userIdParameter: number): void {
  versionsOf.get(db)?.changesOneUsersRows(sql, table, userIdParameter);
}

/**
 * A bounded cache of what was read from some tables, whose entry is used only while none of those tables
 * has been written since it was read, by this server or another process: never a stale answer, so no
 * revocation or edit waits for an entry to age out. A miss reads through `load`; an answer of `undefined`
 * is not kept (an unknown session token must not take room).
 *
 * Only SQLite can tell this exactly (one file, every writer seen): on PostgreSQL, where other servers
 * write too, `exactCaches` gives no cache and every call reads the database.
 */
export class ExactCache<V> {
  readonly #versions: SqliteTableVersions;
  readonly #tables: readonly TableName[];
  readonly #limits: Limits;
  readonly #entries = new Map<string, Entry<V>>();
  #bytes = 0;

  constructor(versions: SqliteTableVersions, tables: readonly TableName[], limits: Limits) {
    this.#versions = versions;
    this.#tables = tables;
    this.#limits = limits;
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    // Taken before the read: a write that lands while it runs makes this entry stale at once.
    const snapshot = this.#limits.keysAreUserIds
      ? this.#versions.userSnapshot(this.#tables, key)
      : this.#versions.snapshot(this.#tables);
    const entry = this.#entries.get(key);
    if (entry?.snapshot === snapshot) return entry.value;
    const value = await load();
    this.#delete(key);
    if (value !== undefined) this.#keep(key, { value, snapshot, bytes: this.#limits.bytesOf?.(value) ?? 0 });
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }

  #keep(key: string, entry: Entry<V>): void {
    const { maxEntries, maxBytes = Number.POSITIVE_INFINITY } = this.#limits;
    if (entry.bytes > maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    // The oldest entries go first (a Map keeps the order of insertion).
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= maxEntries && this.#bytes <= maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** One ExactCache per database, made on first use; `undefined` where the database cannot keep it exact. */
export function exactCaches<V>(
  tables: readonly TableName[],
  limits: Limits,
): (db: Db) => ExactCache<V> | undefined {
  const caches = new WeakMap<Db, ExactCache<V>>();
  return (db) => {
    let cache = caches.get(db);
    if (cache) return cache;
    const versions = versionsOf.get(db);
    if (!versions) return undefined;
    cache = new ExactCache<V>(versions, tables, limits);
    caches.set(db, cache);
    return cache;
  };
}
