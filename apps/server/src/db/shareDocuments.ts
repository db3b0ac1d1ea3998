import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type ShareDocumentRow = Database['share_documents'];

export async function insertShareDocument(db: Db, row: ShareDocumentRow): Promise<void> {
  await db.insertInto('share_documents').values(row).execute();
}

export function listShareDocuments(db: Db, userId: string, now: number): Promise<ShareDocumentRow[]> {
  return db
    .selectFrom('share_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countShareDocuments(db: Db, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('share_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findShareDocument(db: Db, id: string): Promise<ShareDocumentRow | undefined> {
  return db.selectFrom('share_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteShareDocument(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('share_documents')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteExpiredShareDocuments(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('share_documents').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
