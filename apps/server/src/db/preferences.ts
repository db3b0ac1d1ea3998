import type { Db } from './index.ts';

export async function isDateDisplayOptedOut(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_preferences')
    .select('date_display_opted_out')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.date_display_opted_out === 1;
}

export async function setDateDisplayOptedOut(
  db: Db,
  userId: string,
  optedOut: boolean,
  now: number,
): Promise<void> {
  const value = optedOut ? 1 : 0;
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, date_display_opted_out: value, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ date_display_opted_out: value, updated_at: now }))
    .execute();
}
