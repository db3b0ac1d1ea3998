import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';
import { type Deferred, deferred } from './deferred.ts';
import { SqliteTableVersions } from './sqliteTableVersions.ts';
import type { WalSync } from './sqliteWalSync.ts';

/**
 * Group commit for SQLite (WAL; every commit must reach the disk before its writes are acknowledged); what
 * it promises is in docs/decisions/0014-sqlite-group-commit-and-what-it-promises.md.
 *
 * Kysely's own SQLite driver commits each statement on its own: one fsync per write, which caps a busy
 * server at a few hundred writes a second. This driver opens one write transaction when the first write of
 * an event-loop turn arrives and commits it on the next turn, so the writes of every request that arrived
 * together share one fsync. A write's promise settles only after that COMMIT returned and, with a WalSync
 * (a file database, decision 33), after the WAL's fdatasync that followed it: no request is acknowledged
 * before its data is durable, and if the COMMIT or that sync fails, every write of the group fails.
 *
 * - A statement that fails is undone on its own (SQLite's statement rollback); the group goes on. If the
 *   failure ended the whole transaction, every write of the group fails.
 * - An explicit transaction (`db.transaction()`) runs as a savepoint inside the group, alone: other
 *   connections' statements wait until it ends, and its commit resolves when the group is durable. A group
 *   stays open across back-to-back transactions for at most MAX_GROUP_OPEN_MS.
 * - Reads run at once. A read inside an open group sees the group's writes a moment before they are
 *   durable; if that COMMIT failed, the writer is told and the read may have seen a write that vanished.
 * - Prepared statements are cached (Kysely's driver prepares every query anew).
 */

const STATEMENT_CACHE_SIZE = 500;
/** How long a group may stay open while explicit transactions follow each other. */
const MAX_GROUP_OPEN_MS = 20;

/**
 * Outside production, the transaction whose callback a query was made from: a query on the root `db` from
 * inside `db.transaction()` would wait for that transaction forever, so it is refused at once instead.
 */
const insideTransaction = process.env.NODE_ENV === 'production' ? undefined : new AsyncLocalStorage<object>();

export const ROOT_DB_IN_TRANSACTION =
  'A query on the root db inside db.transaction() would wait for that transaction forever: use the transaction (trx) instead.';
const SAVEPOINT = 'sam_transaction';

export class GroupCommitSqliteDriver implements Driver {
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<string, Statement>();
  /** The open group transaction: settles when its COMMIT returned. */
  #group: Deferred | undefined;
  #groupOpenedAt = 0;
  #flushScheduled = false;
  /** The connection inside an explicit transaction, and what settles when it ends. */
  #owner: GroupConnection | undefined;
  #ownerDone: Deferred | undefined;
  /** Commits so far (read by the tests). */
  commits = 0;
  /** What this connection and others have written, for caches that must stay exact. */
  readonly versions: SqliteTableVersions;

  /** Makes each group durable after its COMMIT, off the main thread; without it, the COMMIT syncs. */
  readonly #walSync: WalSync | undefined;

  constructor(db: SqliteDatabase, walSync?: WalSync) {
    this.#db = db;
    this.versions = new SqliteTableVersions(db);
    this.#walSync = walSync;
    // The COMMIT then writes the WAL without waiting for the disk; the group settles after walSync's sync.
    if (walSync) db.pragma('synchronous = NORMAL');
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    while (this.#owner) await this.#ownerDone?.promise;
    // Transactions that follow each other without a pause would keep the group open, and every write in it
    // waiting: past a bound, the group commits before the next transaction starts.
    if (this.#group && performance.now() - this.#groupOpenedAt >= MAX_GROUP_OPEN_MS) this.#flush();
    // Kysely calls neither commit nor rollback when this throws (BEGIN refused while another process holds
    // the write lock past busy_timeout, an I/O error): so the transaction is owned only once both ran.
    this.#openGroup();
    this.#db.exec(`savepoint ${SAVEPOINT}`);
    this.#owner = connection as GroupConnection;
    this.#ownerDone = deferred();
    // Marks what runs from here on in this async chain (the transaction's callback) as inside it.
    insideTransaction?.enterWith(connection);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const group = this.#group;
    this.#db.exec(`release ${SAVEPOINT}`);
    this.#endTransaction(connection as GroupConnection);
    await group?.promise;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.versions.changedAll();
    try {
      if (this.#db.inTransaction) {
        this.#db.exec(`rollback to ${SAVEPOINT}`);
        this.#db.exec(`release ${SAVEPOINT}`);
      }
    } finally {
      this.#endTransaction(connection as GroupConnection);
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    while (this.#owner) await this.#ownerDone?.promise;
    this.#flush();
    await this.#walSync?.close();
    this.#db.close();
  }

  /**
   * While an explicit transaction is open, what other connections must wait for before their statement
   * runs (checked again after every wait, and nothing may be awaited between the check and the run).
   */
  blockerOf(conn: GroupConnection): Promise<void> | undefined {
    if (!this.#owner || this.#owner === conn) return undefined;
    if (insideTransaction?.getStore() === this.#owner) throw new Error(ROOT_DB_IN_TRANSACTION);
    return this.#ownerDone?.promise;
  }

  prepare(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs a writing statement in the open group; resolves once the group is durable. */
  async write<T>(conn: GroupConnection, run: () => T): Promise<T> {
    const group = this.#openGroup();
    let result: T;
    try {
      result = run();
    } catch (error) {
      // Some errors (disk full, I/O) end the transaction itself: then the whole group has failed.
      if (!this.#db.inTransaction) this.#failGroup(group, error);
      throw error;
    }
    // Inside an explicit transaction, durability is awaited once, by its commit.
    if (conn !== this.#owner) await group.promise;
    return result;
  }

  #openGroup(): Deferred {
    if (this.#group) return this.#group;
    this.#db.exec('begin immediate');
    this.#group = deferred();
    this.#groupOpenedAt = performance.now();
    this.#scheduleFlush();
    return this.#group;
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      // An explicit transaction in progress commits with the group once it has ended.
      if (!this.#owner) this.#flush();
    });
  }

  #flush(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.#db.exec('commit');
      this.commits += 1;
    } catch (error) {
      this.#failGroup(group, error);
      return;
    }
    if (!this.#walSync) {
      group.resolve();
      return;
    }
    this.#walSync.synced().then(group.resolve, (error: Error) => {
      // Committed, so readers see it, but not known to be on the disk: none of its writers is told it is.
      console.error(`SQLite: syncing the WAL after a commit failed: ${error.message}`);
      group.reject(error);
    });
  }

  #failGroup(group: Deferred, error: unknown): void {
    if (this.#group === group) this.#group = undefined;
    this.versions.changedAll();
    try {
      if (this.#db.inTransaction) this.#db.exec('rollback');
    } catch {
      // The transaction is gone already.
    }
    group.reject(error);
  }

  #endTransaction(conn: GroupConnection): void {
    if (this.#owner !== conn) return;
    this.#owner = undefined;
    const done = this.#ownerDone;
    this.#ownerDone = undefined;
    done?.resolve();
    if (this.#group) this.#scheduleFlush();
  }
}

class GroupConnection implements DatabaseConnection {
  readonly #driver: GroupCommitSqliteDriver;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    for (let blocker = this.#driver.blockerOf(this); blocker; blocker = this.#driver.blockerOf(this)) {
      await blocker;
    }
    const statement = this.#driver.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.readonly) {
      // "drop trigger if exists" with nothing to drop is read-only but returns no rows: run, not all.
      if (!statement.reader) {
        statement.run(...parameters);
        return { rows: [] };
      }
      return { rows: statement.all(...parameters) as R[] };
    }
    this.#driver.versions.writing(compiledQuery.sql, compiledQuery.parameters);
    if (statement.reader) {
      // INSERT … RETURNING and the like: a write that also returns rows.
      const rows = await this.#driver.write(this, () => statement.all(...parameters) as R[]);
      return { rows };
    }
    const { changes, lastInsertRowid } = await this.#driver.write(this, () => statement.run(...parameters));
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  // biome-ignore lint/correctness/useYield: SAM never streams; Kysely's interface requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on SQLite here');
  }
}

/** Kysely's SQLite dialect with the group-commit driver above. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly driver: GroupCommitSqliteDriver;

  constructor(database: SqliteDatabase, walSync?: WalSync) {
    super({ database });
    this.driver = new GroupCommitSqliteDriver(database, walSync);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}
