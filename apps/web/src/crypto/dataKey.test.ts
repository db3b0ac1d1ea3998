import { describe, expect, it } from 'vitest';
import { createDataKey, unwrapDataKey, wrapKey } from './dataKey.ts';
import { CryptoError } from './errors.ts';
import { deriveAccountKeys } from './kdf.ts';
import { fastKdf, webCrypto } from './testSupport.ts';

async function raw(key: CryptoKey): Promise<string> {
  return Buffer.from(await webCrypto.subtle.exportKey('raw', key)).toString('base64');
}

describe('data key', () => {
  it('is a random extractable AES-GCM-256 key', async () => {
    const a = await createDataKey(webCrypto);
    const b = await createDataKey(webCrypto);
    expect(a.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(a.extractable).toBe(true);
    expect(await raw(a)).not.toBe(await raw(b));
  });

  it('round-trips through wrap and unwrap into a non-extractable key', async () => {
    const { kek } = await deriveAccountKeys(webCrypto, 'a long passphrase', fastKdf());
    const dataKey = await createDataKey(webCrypto);
    const wrapped = await wrapKey(webCrypto, dataKey, kek);
    expect(wrapped).toMatch(/^[A-Za-z0-9+/]{54}==$/);
    const unwrapped = await unwrapDataKey(webCrypto, wrapped, kek);
    expect(unwrapped.extractable).toBe(false);
    expect([...unwrapped.usages].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(webCrypto.subtle.exportKey('raw', unwrapped)).rejects.toThrow();

    const iv = new Uint8Array(12);
    const sealed = await webCrypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      dataKey,
      new Uint8Array([1, 2, 3]),
    );
    const opened = await webCrypto.subtle.decrypt({ name: 'AES-GCM', iv }, unwrapped, sealed);
    expect([...new Uint8Array(opened)]).toEqual([1, 2, 3]);
  });

  it('fails clearly with a wrong wrapping key or a damaged wrapping', async () => {
    const { kek } = await deriveAccountKeys(webCrypto, 'a long passphrase', fastKdf());
    const { kek: other } = await deriveAccountKeys(webCrypto, 'another passphrase', fastKdf());
    const wrapped = await wrapKey(webCrypto, await createDataKey(webCrypto), kek);
    for (const [text, key] of [
      [wrapped, other],
      [`${wrapped.slice(0, 10)}${wrapped[10] === 'A' ? 'B' : 'A'}${wrapped.slice(11)}`, kek],
      ['not base64', kek],
    ] as const) {
      const error = await unwrapDataKey(webCrypto, text, key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe('wrong-wrapping-key');
      expect((error as Error).message).toMatch(/could not be unlocked/);
    }
  });
});
