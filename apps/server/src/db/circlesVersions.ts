import { sql } from 'kysely';
import { changesOneUsersRows } from './exactCache.ts';
import type { Db } from './index.ts';
import { prepared } from './preparedQueries.ts';
import type { Database } from './schema.ts';

export type CirclesVersionRow = Database['circles_versions'];

/** Every version of the person's circles, oldest first. */
export function listCirclesVersions(db: Db, userId: string): Promise<CirclesVersionRow[]> {
  return db
    .selectFrom('circles_versions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('version')
    .execute();
}

/** The newest version number (null before the first save) and how many versions there are. */
export async function circlesVersionsSummary(
  db: Db,
  userId: string,
): Promise<{ latest: number | null; count: number }> {
  const row = await db
    .selectFrom('circles_versions')
    .select([sql<number | null>`max(version)`.as('latest'), sql<number>`count(*)`.as('count')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { latest: row.latest === null ? null : Number(row.latest), count: Number(row.count) };
}

const insert = prepared((db, row: CirclesVersionRow) =>
  db.insertInto('circles_versions').values({
    user_id: row.user_id,
    version: row.version,
    ciphertext: row.ciphertext,
    created_at: row.created_at,
  } satisfies Required<CirclesVersionRow>),
);

/**
 * Tells the exact caches of `db` (SQLite) that adding a version changes that person's rows only, so that it
 * does not empty everyone's cached circles.
 */
export function declareCirclesWrites(db: Db): void {
  changesOneUsersRows(db, insert.sqlOn(db), 'circles_versions', insert.parameterOn(db, 'user_id'));
}

/** Adds a version; a version that exists already is a unique violation (another save came first). */
export async function insertCirclesVersion(db: Db, row: CirclesVersionRow): Promise<void> {
  await insert(db, row);
}

export async function deleteCirclesVersions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('circles_versions').where('user_id', '=', userId).execute();
}
