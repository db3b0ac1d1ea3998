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
 * The stored identity key cannot be opened with this data key: after a reset without the recovery code, or
 * because someone replaced it on the server. The browser does not replace it by itself (decision 43): the
 * person is told, and makes a new one with their password (replaceIdentityKey).
 */
export class IdentityKeyUnopenable extends Error {
  constructor(readonly stored: IdentityKeyRecord) {
    super('The stored identity key cannot be opened with this data key');
  }
}

/**
 * This account's identity key pair, opened with the data key: the stored one, or a new one made and stored
 * now when it has none (at the first sign-in after the sponsor space came). When another browser of the
 * same person stored one first, that one is used. A stored pair this data key cannot open is an
 * IdentityKeyUnopenable, never silently replaced.
 */
export async function ensureIdentityKey(cipher: DataCipher, api: IdentityKeyApi): Promise<IdentityKey> {
  const stored = await api.identityKey();
  if (stored) return openStored(cipher, stored);
  const { record, identity } = await createIdentityKey(cipher);
  try {
    await api.putIdentityKey(record);
    return identity;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const theirs = await api.identityKey();
    if (!theirs) throw error;
    return openStored(cipher, theirs);
  }
}

async function openStored(cipher: DataCipher, stored: IdentityKeyRecord): Promise<IdentityKey> {
  try {
    return await openIdentityKey(cipher, stored);
  } catch (error) {
    if (error instanceof CryptoError) throw new IdentityKeyUnopenable(stored);
    throw error;
  }
}

/**
 * A new pair in place of one this data key cannot open, with the password again (`authValue`). Everyone
 * the person shares a space with then sees the key changed and compares the safety code again.
 */
export async function replaceIdentityKey(
  cipher: DataCipher,
  api: IdentityKeyApi,
  stored: IdentityKeyRecord,
  authValue: string,
): Promise<IdentityKey> {
  const { record, identity } = await createIdentityKey(cipher);
  await api.putIdentityKey({ ...record, replaces: stored.publicKey, password: authValue });
  return identity;
}
