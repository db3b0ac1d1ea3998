import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export async function insertFeedback(db: Db, row: Omit<Database['feedback'], 'id'>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** What a deleted account's feedback shows instead of its e-mail. */
export const DELETED_ACCOUNT_EMAIL = 'deleted account';

/** Keeps a deleting user's feedback for the team but drops the e-mail that would still name them. */
export async function anonymizeFeedbackOf(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('feedback')
    .set({ user_email: DELETED_ACCOUNT_EMAIL })
    .where('user_id', '=', userId)
    .execute();
}
