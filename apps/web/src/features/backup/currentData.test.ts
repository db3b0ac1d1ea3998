import { inventoryPayload, inventoryPlace } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataCipher } from '../../crypto/index.ts';
import { stepPlace } from '../steps/stepState.ts';
import { loadCurrentData } from './currentData.ts';

const key = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]) as Promise<CryptoKey>;
const GARBAGE = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=';

const record = (n: number, encryptedData: string | undefined, completed = false) => ({
  program: 'SAA',
  track: '12-steps',
  step_number: n,
  step_title: `Step ${n}`,
  completed,
  data: { actions: [{ id: 1, completed: true }], encrypted: encryptedData !== undefined, encryptedData },
  started_at: null,
  completed_at: null,
  updated_at: '2026-03-05T10:00:00.000Z',
  sk: `SAA#12-steps#step${n}`,
});
const inventory = (type: string, encryptedData: string | undefined, count: number) => ({
  inventory_type: type,
  version: `${type}-current`,
  items: [],
  encrypted: encryptedData !== undefined,
  encryptedData,
  entry_count: count,
  completed: count > 0,
  updated_at: '2026-03-05T10:00:00.000Z',
});

function serve(replies: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = Object.keys(replies).find((p) => url.startsWith(p));
    return new Response(JSON.stringify(path ? replies[path] : {}), { status: path ? 200 : 404 });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('reading current data for a backup', () => {
  it('keeps what it can decrypt and says when something could not be', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    const entry = { id: 'r1', who: 'Boss', why: '', feeling: '', impacts: [], myPart: '' };
    serve({
      '/api/progress/SAA': {
        progress: [record(1, await cipher.encrypt({ notes: 'kept' }, stepPlace(1))), record(2, GARBAGE)],
      },
      '/api/get_inventory_encrypted/resentments/': inventory(
        'resentments',
        await cipher.encrypt(inventoryPayload([entry]), inventoryPlace('resentments')),
        1,
      ),
      '/api/get_inventory_encrypted/fears/': inventory('fears', GARBAGE, 2),
      '/api/get_inventory_encrypted/harms/': inventory('harms', undefined, 0),
    });
    const current = await loadCurrentData(cipher);
    expect(current.partial).toBe(true);
    expect(current.hasData).toBe(true);
    expect(current.payload.progress.step1?.data).toEqual({ notes: 'kept' });
    expect(current.payload.progress.step2).toMatchObject({ data: {}, actions: [{ id: 1, completed: true }] });
    expect(current.payload.inventories.resentments).toEqual({ entries: [entry], completed: true });
    expect(current.payload.inventories.fears).toEqual({ entries: [], completed: false });
  });

  it('sees no data for a new account', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    serve({
      '/api/progress/SAA': { progress: [] },
      '/api/get_inventory_encrypted/': inventory('resentments', undefined, 0),
    });
    expect(await loadCurrentData(cipher)).toMatchObject({ hasData: false, partial: false });
  });
});
