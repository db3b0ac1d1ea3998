import { type IdentityKeyReply, type PutIdentityKeyBody, SPACE_MESSAGES } from '@sam/core';
import { findIdentityKey, insertIdentityKey, replaceIdentityKey } from '../../db/identityKeys.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';

/** Each account's identity key pair for the sponsor space: the public key, and the private key under the data key. */
export function createIdentityKeyService(deps: AppDeps) {
  return {
    async get(user: UserRow): Promise<IdentityKeyReply> {
      const row = await findIdentityKey(deps.db, user.id);
      return {
        identityKey: row
          ? { publicKey: row.public_key, encryptedPrivateKey: row.encrypted_private_key }
          : null,
      };
    },

    /**
     * Stores the first key pair, or a new one that takes over from `replaces` (after a fresh data key made
     * the old private key unreadable). Anything else is a 409: two browsers never both make the first pair.
     */
    async put(user: UserRow, body: PutIdentityKeyBody): Promise<IdentityKeyReply> {
      const row = {
        user_id: user.id,
        public_key: body.publicKey,
        encrypted_private_key: body.encryptedPrivateKey,
        created_at: deps.now(),
      };
      const stored = body.replaces
        ? await replaceIdentityKey(deps.db, row, body.replaces)
        : await insertIdentityKey(deps.db, row);
      if (!stored) throw conflict(SPACE_MESSAGES.identityKeyExists, 'identity_key_exists');
      return { identityKey: { publicKey: row.public_key, encryptedPrivateKey: row.encrypted_private_key } };
    },
  };
}
