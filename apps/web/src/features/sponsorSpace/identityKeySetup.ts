import type { IdentityKeyRecord, PutIdentityKeyBody } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import {
  CryptoError,
  createIdentityKey,
  type DataCipher,
  type IdentityKey,
  openIdentityKey,
} from '../../crypto/index.ts';

export type IdentityKeyApi = {
  identityKey(): Promise<IdentityKeyRecord | null>;
  putIdentityKey(body: PutIdentityKeyBody): Promise<IdentityKeyRecord | null>;
};

/**
 * This account's identity key pair, opened with the data key: the stored one, or a new one made and stored
 * now (at the first sign-in after the sponsor space came, or when a fresh data key after a reset can no
 * longer open the old private key, which the new pair then replaces). When another browser of the same
 * person stored one first, that one is used.
 */
export async function ensureIdentityKey(cipher: DataCipher, api: IdentityKeyApi): Promise<IdentityKey> {
  const stored = await api.identityKey();
  if (stored) {
    try {
      return await openIdentityKey(cipher, stored);
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
    }
  }
  const { record, identity } = await createIdentityKey(cipher);
  try {
    await api.putIdentityKey(stored ? { ...record, replaces: stored.publicKey } : record);
    return identity;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const theirs = await api.identityKey();
    if (!theirs) throw error;
    return openIdentityKey(cipher, theirs);
  }
}
