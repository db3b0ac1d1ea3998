import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type UserKeyRow = Database['user_keys'];

export function findActiveKey(db: Db, userId: string): Promise<UserKeyRow | undefined> {
  return db
    .selectFrom('user_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** The records a new data key replaced, newest first. */
export function listInactiveKeys(db: Db, userId: string): Promise<UserKeyRow[]> {
  return db
    .selectFrom('user_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('active', '=', 0)
    .orderBy('key_version', 'desc')
    .execute();
}

export async function insertKey(db: Db, row: UserKeyRow): Promise<void> {
  await db.insertInto('user_keys').values(row).execute();
}

export async function updateKey(
  db: Db,
  id: string,
  changes: Partial<Omit<UserKeyRow, 'id' | 'user_id' | 'key_version'>>,
): Promise<void> {
  await db.updateTable('user_keys').set(changes).where('id', '=', id).execute();
}

/** Keeps the old record (inactive) and adds a new active one, in one transaction. */
export async function replaceActiveKey(db: Db, oldId: string, row: UserKeyRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('user_keys').set({ active: 0 }).where('id', '=', oldId).execute();
    await trx.insertInto('user_keys').values(row).execute();
  });
}

export async function deleteUserKeys(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A password change: new login hash and kdf, and the active key re-wrapped, together or not at all. */
export async function changePasswordAndRewrap(
  db: Db,
  change: {
    userId: string;
    passwordHash: string;
    kdf: { salt: string; iterations: number };
    keyId: string;
    encryptedKey: string;
    now: number;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: change.passwordHash,
        kdf_salt: change.kdf.salt,
        kdf_iterations: change.kdf.iterations,
        updated_at: change.now,
      })
      .where('id', '=', change.userId)
      .execute();
    await trx
      .updateTable('user_keys')
      .set({
        encrypted_key: change.encryptedKey,
        kdf_salt: change.kdf.salt,
        kdf_iterations: change.kdf.iterations,
      })
      .where('id', '=', change.keyId)
      .execute();
  });
}
