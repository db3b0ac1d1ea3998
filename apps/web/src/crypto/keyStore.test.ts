import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDataCipher } from './cipher.ts';
import { createDataKey, unwrapDataKey, wrapKey } from './dataKey.ts';
import { deriveAccountKeys } from './kdf.ts';
import { clearDataKeys, loadDataKey, saveDataKey } from './keyStore.ts';
import { fastKdf, webCrypto } from './testSupport.ts';

async function nonExtractableDataKey(): Promise<{ key: CryptoKey; extractable: CryptoKey }> {
  const { kek } = await deriveAccountKeys(webCrypto, 'a long passphrase', fastKdf());
  const extractable = await createDataKey(webCrypto);
  const key = await unwrapDataKey(webCrypto, await wrapKey(webCrypto, extractable, kek), kek);
  return { key, extractable };
}

describe('key store', () => {
  it('saves and loads a usable, non-extractable key per user', async () => {
    const idb = new IDBFactory();
    const { key, extractable } = await nonExtractableDataKey();
    await saveDataKey('alice@example.com', key, idb);

    const loaded = await loadDataKey('alice@example.com', idb);
    expect(loaded).not.toBeNull();
    if (!loaded) return;
    expect(loaded.extractable).toBe(false);
    expect(loaded.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(webCrypto.subtle.exportKey('raw', loaded)).rejects.toThrow();
    await expect(webCrypto.subtle.exportKey('jwk', loaded)).rejects.toThrow();

    const text = await createDataCipher(webCrypto, extractable, 'alice@example.com').encrypt({ a: 'é' }, 'p');
    expect(await createDataCipher(webCrypto, loaded, 'alice@example.com').decrypt(text, 'p')).toEqual({
      a: 'é',
    });

    expect(await loadDataKey('bob@example.com', idb)).toBeNull();
  });

  it('refuses to store an extractable key', async () => {
    const idb = new IDBFactory();
    await expect(saveDataKey('alice@example.com', await createDataKey(webCrypto), idb)).rejects.toThrow(
      /non-extractable/,
    );
    expect(await loadDataKey('alice@example.com', idb)).toBeNull();
  });

  it('replaces a user key and clears all keys', async () => {
    const idb = new IDBFactory();
    const first = await nonExtractableDataKey();
    const second = await nonExtractableDataKey();
    await saveDataKey('alice@example.com', first.key, idb);
    await saveDataKey('alice@example.com', second.key, idb);
    await saveDataKey('bob@example.com', first.key, idb);

    const loaded = await loadDataKey('alice@example.com', idb);
    if (!loaded) throw new Error('expected a key');
    const text = await createDataCipher(webCrypto, second.extractable, 'alice@example.com').encrypt(1, 'p');
    expect(await createDataCipher(webCrypto, loaded, 'alice@example.com').decrypt(text, 'p')).toBe(1);

    await clearDataKeys(idb);
    expect(await loadDataKey('alice@example.com', idb)).toBeNull();
    expect(await loadDataKey('bob@example.com', idb)).toBeNull();
  });

  it('uses the sam-keys database with a keys store', async () => {
    const idb = new IDBFactory();
    const { key } = await nonExtractableDataKey();
    await saveDataKey('alice@example.com', key, idb);
    const databases = await idb.databases();
    expect(databases.map((d) => d.name)).toEqual(['sam-keys']);
  });
});
