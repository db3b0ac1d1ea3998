import type { Selectable } from 'kysely';
import type { Db, Dialect } from './index.ts';
import type { Database } from './schema.ts';

export type UserRow = Selectable<Database['users']>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Omit<UserRow, 'id' | 'email' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Moves the account to another sign-in address; the database refuses an address another account has. */
export async function changeEmail(db: Db, id: string, email: string, now: number): Promise<void> {
  await db.updateTable('users').set({ email, updated_at: now }).where('id', '=', id).execute();
}

export async function setRoleByEmail(
  db: Db,
  email: string,
  role: UserRow['role'],
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: now })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the account; every row of the user goes with it (foreign keys cascade). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Makes the rest of a transaction the only one changing what belongs to these people: on PostgreSQL by
 * locking their user rows (in id order, so two transactions never wait on each other); SQLite runs one
 * transaction at a time already.
 */
export async function lockUsers(db: Db, dialect: Dialect, userIds: string[]): Promise<void> {
  if (dialect !== 'postgres' || userIds.length === 0) return;
  await db.selectFrom('users').select('id').where('id', 'in', userIds).orderBy('id').forUpdate().execute();
}
