import type { IdentityKeyRecord, PutIdentityKeyBody } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http.ts';
import { createDataKey } from '../../crypto/dataKey.ts';
import { createDataCipher, createIdentityKey } from '../../crypto/index.ts';
import { webCrypto } from '../../crypto/testSupport.ts';
import {
  ensureIdentityKey,
  type IdentityKeyApi,
  IdentityKeyUnopenable,
  replaceIdentityKey,
} from './identityKeySetup.ts';

const cipherOf = async () => createDataCipher(webCrypto, await createDataKey(webCrypto), 'account-1');

/** The server's identity-key routes in memory: one pair a person, replaced only from the current one. */
function memoryApi(initial: IdentityKeyRecord | null = null) {
  let stored = initial;
  const puts: PutIdentityKeyBody[] = [];
  const api: IdentityKeyApi = {
    identityKey: async () => stored,
    putIdentityKey: async (body) => {
      puts.push(body);
      if (stored && body.replaces !== stored.publicKey)
        throw new ApiError(409, 'exists', 'identity_key_exists');
      stored = { publicKey: body.publicKey, encryptedPrivateKey: body.encryptedPrivateKey };
      return stored;
    },
  };
  return { api, puts, stored: () => stored, set: (r: IdentityKeyRecord) => (stored = r) };
}

describe('the identity key at sign-in', () => {
  it('is made and stored once, then opened from the server', async () => {
    const cipher = await cipherOf();
    const server = memoryApi();
    const made = await ensureIdentityKey(cipher, server.api);
    expect(server.stored()?.publicKey).toBe(made.publicKey);
    const again = await ensureIdentityKey(cipher, server.api);
    expect(again.publicKey).toBe(made.publicKey);
    expect(server.puts).toHaveLength(1);
  });

  it('is never replaced by itself when this data key cannot open the stored one: the person is told', async () => {
    const old = await createIdentityKey(await cipherOf());
    const server = memoryApi(old.record);
    const error = await ensureIdentityKey(await cipherOf(), server.api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityKeyUnopenable);
    expect((error as IdentityKeyUnopenable).stored).toEqual(old.record);
    expect(server.puts).toEqual([]);
  });

  it('is told, too, when the server swapped the public key beside the person’s own private key', async () => {
    const cipher = await cipherOf();
    const mine = await createIdentityKey(cipher);
    const thief = await createIdentityKey(await cipherOf());
    const server = memoryApi({ ...mine.record, publicKey: thief.record.publicKey });
    expect(await ensureIdentityKey(cipher, server.api).catch((e: unknown) => e)).toBeInstanceOf(
      IdentityKeyUnopenable,
    );
    expect(server.puts).toEqual([]);
  });

  it('is replaced, when the person asks, with the password again', async () => {
    const old = await createIdentityKey(await cipherOf());
    const server = memoryApi(old.record);
    const cipher = await cipherOf();
    const made = await replaceIdentityKey(cipher, server.api, old.record, 'the-auth-value');
    expect(made.publicKey).not.toBe(old.record.publicKey);
    expect(server.puts).toEqual([
      expect.objectContaining({ replaces: old.record.publicKey, password: 'the-auth-value' }),
    ]);
    expect((await ensureIdentityKey(cipher, server.api)).publicKey).toBe(made.publicKey);
  });

  it('uses the pair another browser of the same person stored first', async () => {
    const cipher = await cipherOf();
    const server = memoryApi();
    const theirs = await createIdentityKey(cipher);
    const racing: IdentityKeyApi = {
      identityKey: async () => (server.puts.length ? server.stored() : null),
      putIdentityKey: async (body) => {
        server.set(theirs.record);
        return server.api.putIdentityKey(body);
      },
    };
    expect((await ensureIdentityKey(cipher, racing)).publicKey).toBe(theirs.record.publicKey);
  });
});
