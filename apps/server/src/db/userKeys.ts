import { randomUUID } from 'node:crypto';
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

/** How many earlier wrappings of one key are kept. */
export const KEPT_WRAPPINGS = 10;

export type KeyWrappingRow = Database['key_wrappings'];

/**
 * Keeps a key's current password wrapping as an earlier one, before it is replaced; drops the oldest beyond
 * the cap. Its recovery wrapping is not kept (left empty): a recovery code opens only the current wrapping,
 * so a replaced code opens nothing the server holds (decision 48).
 */
async function keepWrapping(db: Db, key: UserKeyRow, now: number): Promise<void> {
  await db
    .insertInto('key_wrappings')
    .values({
      id: randomUUID(),
      key_id: key.id,
      user_id: key.user_id,
      encrypted_key: key.encrypted_key,
      recovery_encrypted_key: '',
      kdf_salt: key.kdf_salt,
      kdf_iterations: key.kdf_iterations,
      replaced_at: now,
    })
    .execute();
  const kept = await db
    .selectFrom('key_wrappings')
    .select('id')
    .where('key_id', '=', key.id)
    .orderBy('replaced_at', 'desc')
    .orderBy('id')
    .offset(KEPT_WRAPPINGS)
    .limit(1000)
    .execute();
  if (kept.length > 0) {
    await db
      .deleteFrom('key_wrappings')
      .where(
        'id',
        'in',
        kept.map((row) => row.id),
      )
      .execute();
  }
}

/**
 * Re-wraps a key (a new wrapping of the same data key), keeping the password wrapping it replaces, in one
 * transaction. A new recovery wrapping retires the old code at once: no earlier wrapping of the key keeps a
 * recovery wrapping (those kept before decision 48 included), and the new code waits to be confirmed saved.
 */
export async function rewrapKey(
  db: Db,
  key: UserKeyRow,
  wrapping: Pick<
    UserKeyRow,
    'encrypted_key' | 'recovery_encrypted_key' | 'kdf_salt' | 'kdf_iterations' | 'last_used'
  >,
  now: number,
): Promise<void> {
  const newCode = wrapping.recovery_encrypted_key !== key.recovery_encrypted_key;
  await db.transaction().execute(async (trx) => {
    await keepWrapping(trx, key, now);
    if (newCode) {
      await trx
        .updateTable('key_wrappings')
        .set({ recovery_encrypted_key: '' })
        .where('key_id', '=', key.id)
        .where('recovery_encrypted_key', '!=', '')
        .execute();
    }
    await trx
      .updateTable('user_keys')
      .set(newCode ? { ...wrapping, recovery_saved_at: null } : wrapping)
      .where('id', '=', key.id)
      .execute();
  });
}

/**
 * "I have saved it", for the active key's current recovery wrapping only; false when it is no longer the
 * current one (a newer code was made) or there is no key.
 */
export async function markRecoverySaved(
  db: Db,
  userId: string,
  recoveryEncryptedKey: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('user_keys')
    .set({ recovery_saved_at: now })
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .where('recovery_encrypted_key', '=', recoveryEncryptedKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A user's earlier wrappings of every key, newest first. */
export function listWrappings(db: Db, userId: string): Promise<KeyWrappingRow[]> {
  return db
    .selectFrom('key_wrappings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('replaced_at', 'desc')
    .execute();
}

export async function updateKey(
  db: Db,
  id: string,
  changes: Partial<Omit<UserKeyRow, 'id' | 'user_id' | 'key_version'>>,
): Promise<void> {
  await db.updateTable('user_keys').set(changes).where('id', '=', id).execute();
}

/**
 * Keeps the old record (inactive) and adds a new active one, in one transaction; false when the old one
 * was no longer active (a replacement at the same moment won).
 */
export async function replaceActiveKey(db: Db, oldId: string, row: UserKeyRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const retired = await trx
      .updateTable('user_keys')
      .set({ active: 0 })
      .where('id', '=', oldId)
      .where('active', '=', 1)
      .executeTakeFirst();
    // Another request replaced it first: this one changes nothing.
    if (Number(retired.numUpdatedRows) !== 1) return false;
    await trx.insertInto('user_keys').values(row).execute();
    return true;
  });
}

/** Deletes the active key record only: earlier keys stay, since earlier writing may still need them. */
export async function deleteActiveKey(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('user_keys')
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
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
    const key = await trx
      .selectFrom('user_keys')
      .selectAll()
      .where('id', '=', change.keyId)
      .executeTakeFirst();
    if (key) await keepWrapping(trx, key, change.now);
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
