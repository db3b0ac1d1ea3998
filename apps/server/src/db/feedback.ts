import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export async function insertFeedback(db: Db, row: Omit<Database['feedback'], 'id'>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}
