import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export async function insertFeedback(db: Db, row: Omit<Database['feedback'], 'id'>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** Removes a deleting user's feedback: every row sent from the account or under its e-mail. */
export async function deleteFeedbackOf(db: Db, user: { id: string; email: string }): Promise<void> {
  await db
    .deleteFrom('feedback')
    .where((eb) => eb.or([eb('user_id', '=', user.id), eb('user_email', '=', user.email)]))
    .execute();
}
