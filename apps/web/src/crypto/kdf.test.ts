import { createCipheriv, hkdfSync, pbkdf2Sync } from 'node:crypto';
import { KDF_ITERATIONS, KDF_MIN_ITERATIONS } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { base64ToBytes } from './encoding.ts';
import { CryptoError } from './errors.ts';
import { deriveAccountKeys, KDF_SALT_BYTES, newKdfParams } from './kdf.ts';
import { fastKdf, webCrypto } from './testSupport.ts';

const password = 'correct horse battery staple';
const testKeyBytes = new Uint8Array(32).map((_, i) => i * 7);

/** Wraps a fixed AES-256 key with `kek` (AES-KW is deterministic), to compare keks that cannot be exported. */
async function wrapProbe(kek: CryptoKey): Promise<string> {
  const probe = await webCrypto.subtle.importKey('raw', testKeyBytes, 'AES-GCM', true, ['encrypt']);
  return Buffer.from(await webCrypto.subtle.wrapKey('raw', probe, kek, 'AES-KW')).toString('base64');
}

describe('newKdfParams', () => {
  it('makes 16 random salt bytes and the standard iteration count', () => {
    const a = newKdfParams(webCrypto);
    const b = newKdfParams(webCrypto);
    expect(a.iterations).toBe(KDF_ITERATIONS);
    expect(base64ToBytes(a.salt)).toHaveLength(KDF_SALT_BYTES);
    expect(a.salt).not.toBe(b.salt);
  });
});

describe('deriveAccountKeys', () => {
  it('matches an independent derivation at the real 600000 iterations', async () => {
    const kdf = newKdfParams(webCrypto);
    expect(kdf.iterations).toBe(600_000);
    const { authValue, kek } = await deriveAccountKeys(webCrypto, password, kdf);

    const ms = pbkdf2Sync(password, Buffer.from(kdf.salt, 'base64'), 600_000, 32, 'sha256');
    const auth = Buffer.from(hkdfSync('sha256', ms, Buffer.alloc(0), 'sam-auth-v1', 32));
    expect(authValue).toBe(auth.toString('base64'));

    const kekBytes = Buffer.from(hkdfSync('sha256', ms, Buffer.alloc(0), 'sam-kek-v1', 32));
    const wrap = createCipheriv('id-aes256-wrap', kekBytes, Buffer.from('A6A6A6A6A6A6A6A6', 'hex'));
    const expected = Buffer.concat([wrap.update(testKeyBytes), wrap.final()]).toString('base64');
    expect(await wrapProbe(kek)).toBe(expected);
  });

  it('is deterministic for the same password and salt', async () => {
    const kdf = fastKdf();
    const a = await deriveAccountKeys(webCrypto, password, kdf);
    const b = await deriveAccountKeys(webCrypto, password, kdf);
    expect(a.authValue).toBe(b.authValue);
    expect(await wrapProbe(a.kek)).toBe(await wrapProbe(b.kek));
  });

  it('differs by salt and by password', async () => {
    const kdf = fastKdf();
    const base = await deriveAccountKeys(webCrypto, password, kdf);
    const otherSalt = await deriveAccountKeys(webCrypto, password, fastKdf());
    const otherPassword = await deriveAccountKeys(webCrypto, `${password}!`, kdf);
    expect(otherSalt.authValue).not.toBe(base.authValue);
    expect(otherPassword.authValue).not.toBe(base.authValue);
    expect(await wrapProbe(otherSalt.kek)).not.toBe(await wrapProbe(base.kek));
  });

  it('normalises the password to NFC', async () => {
    const kdf = fastKdf();
    const composed = 'caf\u00e9 au lait 2024';
    const decomposed = 'cafe\u0301 au lait 2024';
    expect(composed).not.toBe(decomposed);
    const a = await deriveAccountKeys(webCrypto, composed, kdf);
    const b = await deriveAccountKeys(webCrypto, decomposed, kdf);
    expect(a.authValue).toBe(b.authValue);
    expect(await wrapProbe(a.kek)).toBe(await wrapProbe(b.kek));
  });

  it('gives an auth value that is neither the password nor the kek', async () => {
    const { authValue, kek } = await deriveAccountKeys(webCrypto, password, fastKdf());
    expect(authValue).not.toBe(password);
    expect(authValue).not.toContain(password);
    expect(base64ToBytes(authValue)).toHaveLength(32);
    const authAsKek = await webCrypto.subtle.importKey('raw', base64ToBytes(authValue), 'AES-KW', false, [
      'wrapKey',
    ]);
    expect(await wrapProbe(authAsKek)).not.toBe(await wrapProbe(kek));
  });

  it('makes a non-extractable AES-KW kek', async () => {
    const { kek } = await deriveAccountKeys(webCrypto, password, fastKdf());
    expect(kek.extractable).toBe(false);
    expect(kek.algorithm).toMatchObject({ name: 'AES-KW', length: 256 });
    expect([...kek.usages].sort()).toEqual(['unwrapKey', 'wrapKey']);
    await expect(webCrypto.subtle.exportKey('raw', kek)).rejects.toThrow();
  });

  it('refuses parameters that weaken the derivation', async () => {
    const { salt } = fastKdf();
    const short = Buffer.alloc(8).toString('base64');
    for (const kdf of [
      { salt, iterations: KDF_MIN_ITERATIONS - 1 },
      { salt, iterations: 100_000 },
      { salt, iterations: 1 },
      { salt, iterations: 100_000.5 },
      { salt: short, iterations: KDF_MIN_ITERATIONS },
      { salt: 'not base64!', iterations: KDF_MIN_ITERATIONS },
    ]) {
      const error = await deriveAccountKeys(webCrypto, password, kdf).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe('invalid-kdf');
    }
  });
});
