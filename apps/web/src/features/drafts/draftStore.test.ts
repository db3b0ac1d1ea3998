import 'fake-indexeddb/auto';
import { webcrypto } from 'node:crypto';
import { createStore, entries } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createDataCipher } from '../../crypto/index.ts';
import { clearDrafts, encryptedDraftStore, memoryDraftStore } from './draftStore.ts';

const crypto = webcrypto as unknown as Crypto;
const newKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
let stores = 0;
const freshDb = () => createStore(`drafts-test-${++stores}`, 'drafts');

describe('encrypted drafts', () => {
  it('keeps a draft per user and place, and only ciphertext reaches IndexedDB', async () => {
    const db = freshDb();
    const cipher = createDataCipher(crypto, await newKey(), 'ada@example.com');
    const store = encryptedDraftStore(cipher, 'ada@example.com', db);
    const secret = { prayer_text: 'canary-drafts-0042 help me' };
    await store.write('progress:SAA:12-steps:step-3', secret);

    expect(await store.read('progress:SAA:12-steps:step-3')).toEqual(secret);
    expect(await store.read('progress:SAA:12-steps:step-4')).toBeNull();
    expect(await store.places('progress:SAA:')).toEqual(['progress:SAA:12-steps:step-3']);

    const raw = JSON.stringify(await entries(db));
    expect(raw).not.toContain('canary-drafts-0042');
    expect(raw).toContain('ciphertext');

    await store.remove('progress:SAA:12-steps:step-3');
    expect(await store.read('progress:SAA:12-steps:step-3')).toBeNull();
  });

  it('cannot be opened by another key or moved to another place', async () => {
    const db = freshDb();
    const mine = encryptedDraftStore(
      createDataCipher(crypto, await newKey(), 'ada@example.com'),
      'ada@example.com',
      db,
    );
    await mine.write('feedback', { text: 'hello' });
    const otherKey = encryptedDraftStore(
      createDataCipher(crypto, await newKey(), 'ada@example.com'),
      'ada@example.com',
      db,
    );
    expect(await otherKey.read('feedback')).toBeNull();
    // The stored draft stays where it is: nothing is overwritten or emptied by a failed read.
    expect(await mine.read('feedback')).toEqual({ text: 'hello' });
  });

  it('keeps a visitor draft in memory only, and logout clears every draft', async () => {
    const db = freshDb();
    await memoryDraftStore.write('progress:SAA:12-steps:step-2', { notes: 'visitor' });
    expect(await memoryDraftStore.read('progress:SAA:12-steps:step-2')).toEqual({ notes: 'visitor' });
    const store = encryptedDraftStore(createDataCipher(crypto, await newKey(), 'u'), 'u', db);
    await store.write('profile', { bio: 'x' });
    await clearDrafts(db);
    expect(await memoryDraftStore.read('progress:SAA:12-steps:step-2')).toBeNull();
    expect(await entries(db)).toEqual([]);
  });
});
