import { circlesVersionPlace, inventoryPayload, inventoryPlace } from '@sam/core';
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

/** No circles, abstinence record or check-ins saved. */
const noRecoveryTools = {
  '/api/circles': { versions: [] },
  '/api/abstinence': { abstinence: null },
  '/api/check-ins': { checkIns: [] },
};
const noStepsOrInventories = {
  '/api/progress/SAA': { progress: [] },
  '/api/get_inventory_encrypted/': inventory('resentments', undefined, 0),
};
const at = '2026-03-05T10:00:00.000Z';

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
      ...noRecoveryTools,
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
    serve({ ...noStepsOrInventories, ...noRecoveryTools });
    expect(await loadCurrentData(cipher)).toMatchObject({
      hasData: false,
      partial: false,
      payload: { circles: [], abstinence: null, checkIns: [] },
    });
  });

  it('reads every version of the circles, the abstinence dates and the check-ins, leaving out what it cannot open', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    const circles = (text: string) => ({ circles: { inner: [{ id: 'i1', text }], middle: [], outer: [] } });
    const night = {
      circle: 'outer',
      moods: ['peaceful'],
      halt: [],
      gratitude: 'Dinner with a friend',
      stepTen: {},
    };
    const record = { periods: [{ id: 'p1', start: '2026-01-01', end: null }] };
    serve({
      ...noStepsOrInventories,
      '/api/circles': {
        versions: [
          {
            version: 1,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles('first'), circlesVersionPlace(1)),
          },
          // Sealed for another version's place: it does not open as version 2.
          {
            version: 2,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles('moved'), circlesVersionPlace(3)),
          },
          {
            version: 3,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles('third'), circlesVersionPlace(3)),
          },
        ],
      },
      '/api/abstinence': {
        abstinence: { ciphertext: await cipher.encrypt(record, 'abstinence'), revision: 2, updatedAt: at },
      },
      '/api/check-ins': {
        checkIns: [
          {
            day: '2026-03-01',
            updatedAt: at,
            ciphertext: await cipher.encrypt(night, 'check-in:2026-03-01'),
          },
          // Opens, but is not a check-in: a backup never holds what its restore would refuse.
          {
            day: '2026-03-02',
            updatedAt: at,
            ciphertext: await cipher.encrypt({ circle: 'purple' }, 'check-in:2026-03-02'),
          },
        ],
      },
    });
    const current = await loadCurrentData(cipher);
    expect(current.partial).toBe(true);
    expect(current.hasData).toBe(true);
    expect(current.payload.circles).toEqual([
      { version: 1, createdAt: at, content: circles('first') },
      { version: 3, createdAt: at, content: circles('third') },
    ]);
    expect(current.payload.abstinence).toEqual(record);
    expect(current.payload.checkIns).toEqual([{ day: '2026-03-01', content: night }]);
  });

  it('sees data when only a check-in is saved, even one it cannot open', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    serve({
      ...noStepsOrInventories,
      ...noRecoveryTools,
      '/api/check-ins': { checkIns: [{ day: '2026-03-01', updatedAt: at, ciphertext: GARBAGE }] },
    });
    expect(await loadCurrentData(cipher)).toMatchObject({
      hasData: true,
      partial: true,
      payload: { checkIns: [] },
    });
  });
});
