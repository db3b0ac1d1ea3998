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
    .values({
      user_id: userId,
      date_display_opted_out: value,
      updated_at: now,
      selected_programs: null,
      primary_program: null,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ date_display_opted_out: value, updated_at: now }))
    .execute();
}

export async function findProgramPreferences(
  db: Db,
  userId: string,
): Promise<{ selected_programs: string; primary_program: string | null } | undefined> {
  const row = await db
    .selectFrom('user_preferences')
    .select(['selected_programs', 'primary_program'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.selected_programs
    ? { selected_programs: row.selected_programs, primary_program: row.primary_program }
    : undefined;
}

export async function saveProgramPreferences(
  db: Db,
  userId: string,
  prefs: { selected_programs: string; primary_program: string | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, date_display_opted_out: 0, updated_at: now, ...prefs })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...prefs, updated_at: now }))
    .execute();
}
