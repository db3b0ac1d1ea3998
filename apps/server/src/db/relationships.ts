import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type RelationshipRow = Database['sponsorship_relationships'];

export async function insertRelationship(db: Db, row: RelationshipRow): Promise<void> {
  await db.insertInto('sponsorship_relationships').values(row).execute();
}

export function findRelationship(db: Db, id: string): Promise<RelationshipRow | undefined> {
  return db.selectFrom('sponsorship_relationships').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The relationships a user is part of, active first, newest first. */
export function listRelationshipsOf(
  db: Db,
  userId: string,
  filter: { role?: 'sponsor' | 'sponsee'; status?: 'active' | 'ended' } = {},
): Promise<RelationshipRow[]> {
  let query = db.selectFrom('sponsorship_relationships').selectAll();
  if (filter.role === 'sponsor') query = query.where('sponsor_user_id', '=', userId);
  else if (filter.role === 'sponsee') query = query.where('sponsee_user_id', '=', userId);
  else
    query = query.where((eb) =>
      eb.or([eb('sponsor_user_id', '=', userId), eb('sponsee_user_id', '=', userId)]),
    );
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('status').orderBy('started_at', 'desc').orderBy('id').limit(500).execute();
}

export async function countRelationshipsOf(
  db: Db,
  userId: string,
  status: 'active' | 'ended',
  role?: 'sponsor' | 'sponsee',
): Promise<number> {
  let query = db
    .selectFrom('sponsorship_relationships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status);
  if (role === 'sponsor') query = query.where('sponsor_user_id', '=', userId);
  else if (role === 'sponsee') query = query.where('sponsee_user_id', '=', userId);
  else
    query = query.where((eb) =>
      eb.or([eb('sponsor_user_id', '=', userId), eb('sponsee_user_id', '=', userId)]),
    );
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An active relationship between two users in one program, in either direction. */
export function findActiveBetween(
  db: Db,
  a: string,
  b: string,
  program: string,
): Promise<RelationshipRow | undefined> {
  return db
    .selectFrom('sponsorship_relationships')
    .selectAll()
    .where('status', '=', 'active')
    .where('program', '=', program)
    .where((eb) =>
      eb.or([
        eb.and([eb('sponsor_user_id', '=', a), eb('sponsee_user_id', '=', b)]),
        eb.and([eb('sponsor_user_id', '=', b), eb('sponsee_user_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
}

export async function updateRelationship(
  db: Db,
  id: string,
  changes: Partial<Omit<RelationshipRow, 'id' | 'started_at'>>,
): Promise<void> {
  await db.updateTable('sponsorship_relationships').set(changes).where('id', '=', id).execute();
}

/** Ends an active relationship; false when it had already ended. */
export async function endActiveRelationship(
  db: Db,
  id: string,
  changes: Pick<RelationshipRow, 'ended_at' | 'ended_by_user_id' | 'end_reason' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('sponsorship_relationships')
    .set({ ...changes, status: 'ended' })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The current e-mail of each given user (a relationship shows the other person's address). */
export async function emailsOfUsers(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}
