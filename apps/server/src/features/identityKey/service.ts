import { webcrypto } from 'node:crypto';
import { type IdentityKeyReply, type PutIdentityKeyBody, SPACE_MESSAGES } from '@sam/core';
import { findIdentityKey, insertIdentityKey, replaceIdentityKey } from '../../db/identityKeys.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';

/** Whether a base64 public key is a point on P-256 (65 bytes that are not one cannot seal anything). */
async function isP256Point(publicKey: string): Promise<boolean> {
  try {
    const raw = Buffer.from(publicKey, 'base64');
    await webcrypto.subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

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
     * the old private key unreadable). Replacing needs the password again: a token alone must not put a
     * key of its own where the other person's browser seals what it shares (decision 43). Anything else is
     * a 409: two browsers never both make the first pair.
     */
    async put(user: UserRow, body: PutIdentityKeyBody): Promise<IdentityKeyReply> {
      if (!(await isP256Point(body.publicKey)))
        throw badRequest(SPACE_MESSAGES.notAPublicKey, 'bad_public_key');
      if (body.replaces) await reauthenticate(deps, user, body.password);
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
