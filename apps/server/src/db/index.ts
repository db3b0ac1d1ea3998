import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { declareWrites } from './declaredWrites.ts';
import { type Dialect, dialectOf } from './dialect.ts';
import { trackTableVersions } from './exactCache.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { startBackgroundCheckpoints } from './sqliteCheckpoints.ts';
import { GroupCommitSqliteDialect } from './sqliteGroupCommit.ts';
import { WalSync } from './sqliteWalSync.ts';

export type Db = Kysely<Database>;
export type { Dialect } from './dialect.ts';
export type { Database } from './schema.ts';

// PostgreSQL returns int8 as text by default; every bigint here is an epoch-ms time or a count.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export type DatabaseHandle = { db: Db; dialect: Dialect; close(): Promise<void> };

/** `backgroundCheckpoints`: the server's SQLite checkpoints in a worker thread (sqliteCheckpoints.ts). */
export function openDatabase(
  databaseUrl: string,
  options: { backgroundCheckpoints?: boolean } = {},
): DatabaseHandle {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'sqlite') {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // SQLite's default page cache is 2 MB: past about 10,000 people, the admin figures' index walks read
    // most pages through the operating system again on every call. 64 MB of cache and reads mapped from
    // the file (no copy per page) keep those walks in step with the data's size.
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('mmap_size = 1073741824');
    // A file's commits are made durable by an fdatasync of its WAL off the main thread (sqliteWalSync.ts);
    // the driver then lowers `synchronous` to NORMAL, so the COMMIT itself does not wait for the disk.
    const walSync = file === ':memory:' ? undefined : new WalSync(`${file}-wal`);
    const sqliteDialect = new GroupCommitSqliteDialect(sqlite, walSync);
    const db = new Kysely<Database>({ dialect: sqliteDialect });
    trackTableVersions(db, sqliteDialect.driver.versions);
    declareWrites(db);
    const checkpoints =
      options.backgroundCheckpoints && file !== ':memory:'
        ? startBackgroundCheckpoints(sqlite, file)
        : undefined;
    return {
      db,
      dialect,
      close: async () => {
        await checkpoints?.stop();
        await db.destroy();
      },
    };
  }
  // During an outage no request waits more than 5 s for a connection (a free one or a new one): it gets
  // a "cannot reach" error, answered 503 (http/databaseUnavailable.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection that the server drops (restart, outage) must not crash the process: the pool
  // discards it and the next query opens a new one.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  // Nor may one that is checked out but between queries (the pool listens only to idle ones): the error
  // reaches the next query on it, and the pool discards it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect, close: () => db.destroy() };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await db.selectFrom('app_settings').select('key').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
