import { webcrypto } from 'node:crypto';
import {
  completionMarker,
  type EntryRecord,
  inventoryPayload,
  inventoryPlace,
  parseInventoryPayload,
  saveEncryptedInventoryBodySchema,
} from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataCipher } from '../../crypto/index.ts';
import { inventoryApi } from './api.ts';

const crypto = webcrypto as unknown as Crypto;
const entry: EntryRecord = {
  id: 'e1',
  who: 'Секрет, "boss" 😀',
  why: 'line one\nline two',
  feeling: 'angry',
  impacts: ['pride'],
  myPart: 'late',
};

afterEach(() => vi.unstubAllGlobals());

describe('inventory encryption and save body', () => {
  it('encrypts the entry list so that only this user and place can read it back', async () => {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const cipher = createDataCipher(crypto, key, 'user-1');
    const text = await cipher.encrypt(inventoryPayload([entry]), inventoryPlace('resentments'));
    expect(text).not.toContain('boss');
    const back = await cipher.decrypt(text, inventoryPlace('resentments'));
    expect(parseInventoryPayload('resentments', back)).toEqual([entry]);
    await expect(cipher.decrypt(text, inventoryPlace('fears'))).rejects.toThrow();
    await expect(
      createDataCipher(crypto, key, 'user-2').decrypt(text, inventoryPlace('resentments')),
    ).rejects.toThrow();
  });

  it('sends only the ciphertext, the completion marker and the count', async () => {
    // As the server answers: without the ciphertext the request carried.
    const saved = {
      inventory_type: 'fears',
      version: 'fears-current',
      items: [],
      encrypted: true,
      entry_count: 3,
      completed: true,
      updated_at: '1970-01-01T00:00:00.000Z',
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify(saved), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const reply = await inventoryApi.save('fears', 'AAAA', completionMarker(true, new Date(0)), 3);
    // What the save resolves with: the stored inventory, its ciphertext the one sent.
    expect(reply).toEqual({ ...saved, encryptedData: 'AAAA' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/save_inventory_encrypted');
    const body = JSON.parse(String(init.body));
    expect(saveEncryptedInventoryBodySchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      inventory_type: 'fears',
      version: 'fears-current',
      items: [{ _type: 'completion_status', completed: true, timestamp: '1970-01-01T00:00:00.000Z' }],
      encryptedData: 'AAAA',
      encrypted: true,
      entry_count: 3,
    });
  });
});
