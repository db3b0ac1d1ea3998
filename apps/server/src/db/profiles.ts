import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type ProfileRow = Database['profiles'];

export function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertProfile(db: Db, row: ProfileRow): Promise<void> {
  await db.insertInto('profiles').values(row).execute();
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<Omit<ProfileRow, 'user_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('profiles').set(changes).where('user_id', '=', userId).execute();
}
