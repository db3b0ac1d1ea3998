import Database from 'better-sqlite3';
import type { SamServer } from './samServer.ts';

type WithDatabase = Pick<SamServer, 'databaseFile'>;

/** Opens the test server's SQLite file read-only for `read`, and closes it after. */
export function readDatabase<T>(server: WithDatabase, read: (db: Database.Database) => T): T {
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The rows of one query on the test server's SQLite file (no other process writes while a test reads). */
export function queryDatabase<T>(server: WithDatabase, sql: string, ...params: unknown[]): T[] {
  return readDatabase(server, (db) => db.prepare(sql).all(...params) as T[]);
}

/**
 * Changes the test server's SQLite file behind its back (an UPDATE): only for states a test cannot wait for,
 * such as a link that expires in days. Returns how many rows changed.
 */
export function changeDatabase(server: WithDatabase, sql: string, ...params: unknown[]): number {
  const db = new Database(server.databaseFile, { fileMustExist: true });
  try {
    return db.prepare(sql).run(...params).changes;
  } finally {
    db.close();
  }
}
