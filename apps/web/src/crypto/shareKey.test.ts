import { describe, expect, it } from 'vitest';
import { createDataCipher } from './cipher.ts';
import { createDataKey } from './dataKey.ts';
import { CryptoError } from './errors.ts';
import {
  createShareKey,
  decryptShareDocument,
  encryptShareDocument,
  isShareKey,
  SHARE_KEY_PLACE,
} from './shareKey.ts';
import { webCrypto } from './testSupport.ts';

const HTML = '<!doctype html><h1>Step Four Inventories</h1><p>Ärger über 🙏🏽 "quotes" & <b>tags</b></p>';

async function expectDecryptFailure(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  expect((error as CryptoError).code).toBe('decrypt-failed');
}

describe('share keys', () => {
  it('are 256 random bits written as 43 base64url characters, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => createShareKey(webCrypto)));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isShareKey(key)).toBe(true);
    }
    expect(isShareKey('')).toBe(false);
    expect(isShareKey(`${createShareKey(webCrypto)}=`)).toBe(false);
    expect(isShareKey('a+b/'.repeat(11).slice(0, 43))).toBe(false);
  });

  it('encrypt a document to base64(IV ‖ AES-GCM) that decrypts only with the same key', async () => {
    const key = createShareKey(webCrypto);
    const sealed = await encryptShareDocument(webCrypto, key, HTML);
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(sealed).not.toContain('Step Four');
    expect(Buffer.from(sealed, 'base64').length).toBe(12 + Buffer.byteLength(HTML) + 16);
    expect(await decryptShareDocument(webCrypto, key, sealed)).toBe(HTML);
    expect(await encryptShareDocument(webCrypto, key, HTML)).not.toBe(sealed);
    await expectDecryptFailure(decryptShareDocument(webCrypto, createShareKey(webCrypto), sealed));
  });

  it('refuse a tampered, truncated or malformed ciphertext and a malformed key', async () => {
    const key = createShareKey(webCrypto);
    const sealed = Buffer.from(await encryptShareDocument(webCrypto, key, HTML), 'base64');
    sealed[20] = (sealed[20] ?? 0) ^ 1;
    await expectDecryptFailure(decryptShareDocument(webCrypto, key, sealed.toString('base64')));
    await expectDecryptFailure(decryptShareDocument(webCrypto, key, 'AAAA'));
    await expectDecryptFailure(decryptShareDocument(webCrypto, key, 'not base64!'));
    await expectDecryptFailure(decryptShareDocument(webCrypto, 'short', sealed.toString('base64')));
    await expect(encryptShareDocument(webCrypto, 'short', HTML)).rejects.toThrow(TypeError);
  });

  it("keep the owner's copy under the data key, bound to the owner", async () => {
    const dataKey = await createDataKey(webCrypto);
    const key = createShareKey(webCrypto);
    const owner = createDataCipher(webCrypto, dataKey, 'user-1');
    const copy = await owner.encrypt(key, SHARE_KEY_PLACE);
    expect(copy).not.toContain(key);
    expect(await owner.decrypt(copy, SHARE_KEY_PLACE)).toBe(key);
    const other = createDataCipher(webCrypto, dataKey, 'user-2');
    await expectDecryptFailure(other.decrypt(copy, SHARE_KEY_PLACE));
  });
});
