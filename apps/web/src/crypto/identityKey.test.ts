import { describe, expect, it } from 'vitest';
import { createDataCipher } from './cipher.ts';
import { createDataKey } from './dataKey.ts';
import { CryptoError } from './errors.ts';
import { createIdentityKey, importPublicKey, openIdentityKey } from './identityKey.ts';
import { webCrypto } from './testSupport.ts';

async function cipherFor(accountId: string, key?: CryptoKey) {
  return createDataCipher(webCrypto, key ?? (await createDataKey(webCrypto)), accountId);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  return (error as CryptoError).code;
}

describe('identity keys', () => {
  it('keep the private key only encrypted, and open again with the same data key', async () => {
    const cipher = await cipherFor('account-1');
    const { record, identity } = await createIdentityKey(cipher);
    expect(Buffer.from(record.publicKey, 'base64')).toHaveLength(65);
    expect(record.encryptedPrivateKey).not.toContain(record.publicKey);
    const opened = await openIdentityKey(cipher, record);
    expect(opened.publicKey).toBe(identity.publicKey);
    expect(opened.privateKey.type).toBe('private');
  });

  it('differ for every account', async () => {
    const cipher = await cipherFor('account-1');
    const a = await createIdentityKey(cipher);
    const b = await createIdentityKey(cipher);
    expect(a.record.publicKey).not.toBe(b.record.publicKey);
  });

  it('refuse a record opened with another data key or another account', async () => {
    const key = await createDataKey(webCrypto);
    const { record } = await createIdentityKey(await cipherFor('account-1', key));
    expect(await failure(openIdentityKey(await cipherFor('account-1'), record))).toBe('decrypt-failed');
    expect(await failure(openIdentityKey(await cipherFor('account-2', key), record))).toBe('decrypt-failed');
  });

  it('refuse a public key swapped on the server', async () => {
    const cipher = await cipherFor('account-1');
    const { record } = await createIdentityKey(cipher);
    const other = await createIdentityKey(cipher);
    const swapped = { ...record, publicKey: other.record.publicKey };
    expect(await failure(openIdentityKey(cipher, swapped))).toBe('decrypt-failed');
  });

  it('refuse a tampered private key', async () => {
    const cipher = await cipherFor('account-1');
    const { record } = await createIdentityKey(cipher);
    const bytes = Buffer.from(record.encryptedPrivateKey, 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    const tampered = { ...record, encryptedPrivateKey: bytes.toString('base64') };
    expect(await failure(openIdentityKey(cipher, tampered))).toBe('decrypt-failed');
  });

  it('read only real P-256 public keys', async () => {
    expect(await failure(importPublicKey('not base64!'))).toBe('bad-public-key');
    expect(await failure(importPublicKey(Buffer.alloc(65, 4).toString('base64')))).toBe('bad-public-key');
  });
});
