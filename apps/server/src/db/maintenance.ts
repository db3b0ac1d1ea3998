import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { dialectOf } from './dialect.ts';
import type { DatabaseHandle } from './index.ts';

/** What an operator is told to use instead on PostgreSQL, which has its own consistent online dump. */
export const PG_DUMP_HINT =
  'This database is PostgreSQL: make a consistent online copy with pg_dump, for example\n' +
  '  pg_dump --format=custom --file=sam.dump "$DATABASE_URL"\n' +
  'and bring it back with pg_restore --clean --dbname="$DATABASE_URL" sam.dump';

export class MaintenanceError extends Error {}

/**
 * A consistent copy of a live SQLite database, made with SQLite's online backup API while the server keeps
 * writing (pages changed during the copy are copied again). Never overwrites a file. The copy is checked
 * with SQLite's integrity check before it is reported as made.
 */
export async function backupSqlite(databaseUrl: string, target: string): Promise<void> {
  if (dialectOf(databaseUrl) !== 'sqlite') throw new MaintenanceError(PG_DUMP_HINT);
  if (existsSync(target)) throw new MaintenanceError(`${target} exists already; choose a new file name.`);
  const source = new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true });
  try {
    const problems = sqliteProblems(copy);
    if (problems.length > 0) throw new Error(`The copy failed its check:\n${problems.join('\n')}`);
  } finally {
    copy.close();
  }
}

function sqliteProblems(sqlite: SQLite.Database): string[] {
  const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[])
    .map((row) => row.integrity_check)
    .filter((line) => line !== 'ok');
  const keys = (sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]).map(
    (row) => `${row.table} row ${row.rowid} points to a missing ${row.parent} row`,
  );
  return [...integrity, ...keys];
}

/**
 * What is wrong with the database, or nothing: on SQLite its integrity check and foreign-key check; on
 * both engines, that every table SAM needs can be read.
 */
export async function databaseProblems(handle: DatabaseHandle, databaseUrl: string): Promise<string[]> {
  const problems: string[] = [];
  if (handle.dialect === 'sqlite') {
    const sqlite = new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    try {
      problems.push(...sqliteProblems(sqlite));
    } finally {
      sqlite.close();
    }
  }
  const tables = await handle.db.introspection.getTables();
  for (const table of tables) {
    try {
      await sql`select count(*) from ${sql.table(table.name)}`.execute(handle.db);
    } catch (error) {
      problems.push(
        `${table.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return problems;
}
