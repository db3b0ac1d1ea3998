import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export async function insertVital(db: Db, row: Omit<Database['web_vitals'], 'id'>): Promise<void> {
  await db.insertInto('web_vitals').values(row).execute();
}
