import { randomUUID } from 'node:crypto';
import type { KeyRecord, KeyWrapping, keyRecordBodySchema } from '@sam/core';
import type { z } from 'zod';
import {
  deleteActiveKey,
  findActiveKey,
  insertKey,
  listInactiveKeys,
  listWrappings,
  markRecoverySaved,
  replaceActiveKey,
  rewrapKey,
  type UserKeyRow,
  updateKey,
} from '../../db/userKeys.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';

type KeyBody = z.output<typeof keyRecordBodySchema>;

export const KEY_MESSAGES = {
  notFound: 'No encryption key found',
  exists: 'An encryption key already exists for this account.',
  notYours: 'You can only use your own encryption keys.',
  deleted: 'Encryption keys deleted.',
  changed: 'Your encryption key was just replaced from another page. Please reload and try again.',
  codeReplaced:
    'A newer recovery code was made since this one, so this one no longer works. Please keep the newest code.',
} as const;

function toRecord(user: UserRow, row: UserKeyRow): KeyRecord {
  return {
    userId: user.id,
    encryptedKey: row.encrypted_key,
    recoveryEncryptedKey: row.recovery_encrypted_key,
    keyVersion: row.key_version,
    active: row.active === 1,
    kdf: { salt: row.kdf_salt, iterations: row.kdf_iterations },
    createdAt: row.created_at,
    lastUsed: row.last_used,
    recoverySavedAt:
      row.recovery_saved_at === null ? null : new Date(Number(row.recovery_saved_at)).toISOString(),
  };
}

/** The server keeps wrapped keys only; it cannot unwrap them (docs/decisions/0021-the-key-hierarchy.md). */
export function createKeysService(deps: AppDeps) {
  const { db } = deps;

  /** Keys are named by the account id; the e-mail is still accepted from pages loaded before that. */
  function assertOwner(user: UserRow, userId: string): void {
    if (userId !== user.id && userId !== user.email) throw forbidden(KEY_MESSAGES.notYours);
  }

  async function activeKey(user: UserRow): Promise<UserKeyRow> {
    const row = await findActiveKey(db, user.id);
    if (!row) throw notFound(KEY_MESSAGES.notFound);
    return row;
  }

  return {
    /** null before the account's first key: a record not made yet is not an error. */
    async get(user: UserRow, userId: string): Promise<KeyRecord | null> {
      assertOwner(user, userId);
      const row = await findActiveKey(db, user.id);
      return row ? toRecord(user, row) : null;
    },

    /** Earlier data keys, kept after "Start fresh" so earlier writing can still be unlocked in the browser. */
    async inactive(user: UserRow, userId: string): Promise<KeyRecord[]> {
      assertOwner(user, userId);
      return (await listInactiveKeys(db, user.id)).map((row) => toRecord(user, row));
    },

    async put(user: UserRow, body: KeyBody): Promise<KeyRecord> {
      assertOwner(user, body.userId);
      const wrapping = {
        encrypted_key: body.encryptedKey,
        recovery_encrypted_key: body.recoveryEncryptedKey,
        kdf_salt: user.kdf_salt,
        kdf_iterations: user.kdf_iterations,
        last_used: body.lastUsed,
      };
      const current = await findActiveKey(db, user.id);
      // Replacing what opens the writing needs the password; the first key replaces nothing.
      if (current && body.mode !== 'create') await reauthenticate(deps, user, body.password);
      if (body.mode === 'rewrap') {
        if (!current) throw notFound(KEY_MESSAGES.notFound);
        await rewrapKey(db, current, wrapping, deps.now());
        const saved =
          wrapping.recovery_encrypted_key === current.recovery_encrypted_key
            ? current.recovery_saved_at
            : null;
        return toRecord(user, { ...current, ...wrapping, recovery_saved_at: saved });
      }
      if (body.mode === 'create' && current) throw conflict(KEY_MESSAGES.exists, 'key_exists');
      const row: UserKeyRow = {
        id: randomUUID(),
        user_id: user.id,
        key_version: (current?.key_version ?? 0) + 1,
        active: 1,
        created_at: body.createdAt,
        recovery_saved_at: null,
        ...wrapping,
      };
      if (current) {
        if (!(await replaceActiveKey(db, current.id, row)))
          throw conflict(KEY_MESSAGES.changed, 'key_changed');
      } else {
        try {
          await insertKey(db, row);
        } catch {
          throw conflict(KEY_MESSAGES.exists, 'key_exists');
        }
      }
      return toRecord(user, row);
    },

    /**
     * "I have saved it", recorded for the current recovery wrapping, so every device stops asking. A token
     * alone may do it: it destroys nothing, and a new code starts unconfirmed again.
     */
    async recoverySaved(user: UserRow, userId: string, recoveryEncryptedKey: string): Promise<KeyRecord> {
      assertOwner(user, userId);
      await activeKey(user);
      if (!(await markRecoverySaved(db, user.id, recoveryEncryptedKey, deps.now()))) {
        throw conflict(KEY_MESSAGES.codeReplaced, 'recovery_code_replaced');
      }
      return toRecord(user, await activeKey(user));
    },

    async touch(user: UserRow, userId: string, lastUsed: string): Promise<KeyRecord> {
      assertOwner(user, userId);
      const row = await activeKey(user);
      await updateKey(db, row.id, { last_used: lastUsed });
      return toRecord(user, { ...row, last_used: lastUsed });
    },

    /** Earlier wrappings, newest first: the browser tries an old password or code on them to undo a re-wrap. */
    async wrappings(user: UserRow, userId: string): Promise<KeyWrapping[]> {
      assertOwner(user, userId);
      return (await listWrappings(db, user.id)).map((row) => ({
        encryptedKey: row.encrypted_key,
        recoveryEncryptedKey: row.recovery_encrypted_key,
        kdf: { salt: row.kdf_salt, iterations: row.kdf_iterations },
        replacedAt: new Date(row.replaced_at).toISOString(),
      }));
    },

    /** Deletes the active key only, with the password; earlier keys stay for the writing they lock. */
    async remove(user: UserRow, userId: string, authValue: string): Promise<void> {
      assertOwner(user, userId);
      await reauthenticate(deps, user, authValue);
      if ((await deleteActiveKey(db, user.id)) === 0) throw notFound(KEY_MESSAGES.notFound);
    },
  };
}
