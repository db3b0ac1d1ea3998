import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/index.ts';

/** Tables a refused request may legitimately change: counting refusals is how rate limits work. */
const COUNTERS = new Set(['rate_limits']);

export type Snapshot = Map<string, string[]>;

/**
 * Every row of every application table, as sorted JSON lines per table; the rate-limit counters only with
 * `counters` (a refused request may change them).
 */
export async function snapshot(db: Db, options: { counters?: boolean } = {}): Promise<Snapshot> {
  const tables = (await applicationTables(db)).filter((name) => options.counters || !COUNTERS.has(name));
  // Read side by side: on PostgreSQL each read is a round trip of its own (the fuzz test takes thousands).
  const read = async (table: string) => {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    return [table, rows.map((row) => JSON.stringify(row)).sort()] as const;
  };
  return new Map(await Promise.all(tables.map(read)));
}

const tablesOf = new WeakMap<Db, Promise<string[]>>();

/** The application's tables, sorted. A test's schema does not change, so each database is asked once. */
function applicationTables(db: Db): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = db.introspection.getTables().then((found) =>
      found
        .map((table) => table.name)
        .filter((name) => !name.startsWith('kysely_'))
        .sort(),
    );
    tablesOf.set(db, tables);
  }
  return tables;
}

export function digest(snap: Snapshot): string {
  const hash = createHash('sha256');
  for (const [table, rows] of snap) hash.update(`${table}\n${rows.join('\n')}\n`);
  return hash.digest('hex');
}

/** What differs between two snapshots, for a readable failure message. */
export function difference(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  for (const [table, rows] of after) {
    const old = new Set(before.get(table) ?? []);
    const now = new Set(rows);
    for (const row of rows) if (!old.has(row)) changes.push(`${table} + ${row.slice(0, 300)}`);
    for (const row of old) if (!now.has(row)) changes.push(`${table} - ${row.slice(0, 300)}`);
  }
  return changes;
}

/** The rows that mention any of the given values (a user's id, e-mail or the ids of their records). */
export function rowsMentioning(snap: Snapshot, values: string[]): string[] {
  const found: string[] = [];
  for (const [table, rows] of snap) {
    for (const row of rows) if (values.some((value) => row.includes(value))) found.push(`${table} ${row}`);
  }
  return found.sort();
}
