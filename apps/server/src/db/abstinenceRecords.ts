import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type AbstinenceRecordRow = Database['abstinence_records'];

export function findAbstinenceRecord(db: Db, userId: string): Promise<AbstinenceRecordRow | undefined> {
  return db.selectFrom('abstinence_records').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a first record; false when the person has one already. */
export async function insertAbstinenceRecord(db: Db, row: AbstinenceRecordRow): Promise<boolean> {
  const result = await db
    .insertInto('abstinence_records')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Replaces the record only while it is still at revision `from`; false when another save came first. */
export async function replaceAbstinenceRecord(
  db: Db,
  row: AbstinenceRecordRow,
  from: number,
): Promise<boolean> {
  const result = await db
    .updateTable('abstinence_records')
    .set({ ciphertext: row.ciphertext, revision: row.revision, updated_at: row.updated_at })
    .where('user_id', '=', row.user_id)
    .where('revision', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAbstinenceRecord(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('abstinence_records').where('user_id', '=', userId).execute();
}
