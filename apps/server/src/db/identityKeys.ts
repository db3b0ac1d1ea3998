import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type IdentityKeyRow = Database['identity_keys'];

export function findIdentityKey(db: Db, userId: string): Promise<IdentityKeyRow | undefined> {
  return db.selectFrom('identity_keys').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a first key pair; false when the person already has one. */
export async function insertIdentityKey(db: Db, row: IdentityKeyRow): Promise<boolean> {
  const result = await db
    .insertInto('identity_keys')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Replaces the key pair only if its public key is still `replaces`; false when it changed meanwhile. */
export async function replaceIdentityKey(db: Db, row: IdentityKeyRow, replaces: string): Promise<boolean> {
  const result = await db
    .updateTable('identity_keys')
    .set({
      public_key: row.public_key,
      encrypted_private_key: row.encrypted_private_key,
      created_at: row.created_at,
    })
    .where('user_id', '=', row.user_id)
    .where('public_key', '=', replaces)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The public keys of the given people, by user id. */
export async function publicKeysOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('identity_keys')
    .select(['user_id', 'public_key'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.public_key]));
}
