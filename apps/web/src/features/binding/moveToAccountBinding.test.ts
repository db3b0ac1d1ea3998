import {
  type BindingSwap,
  type InventoryReply,
  type InventoryType,
  inventoryPlace,
  type KeptAsideItem,
  PROFILE_DETAILS_PLACE,
  type StepRecord,
} from '@sam/core';
import { describe, expect, it, vi } from 'vitest';
import { createDataKey } from '../../crypto/dataKey.ts';
import { createDataCipher, type DataCipher, encryptJson, SHARE_KEY_PLACE } from '../../crypto/index.ts';
import { webCrypto } from '../../crypto/testSupport.ts';
import { stepPlace } from '../steps/stepState.ts';
import { type BindingApis, moveToAccountBinding } from './moveToAccountBinding.ts';

const EMAIL = 'old@example.com';
const ACCOUNT = '6f1c2a52-6d2e-4c55-9a57-0f3c8e1b2a10';
const KEPT_ID = '00000000-0000-4000-8000-000000000001';
const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** What the server stores: each record's ciphertext by a key naming the record. */
type Store = Map<string, string>;

const step = (n: number, text: string): StepRecord => ({
  program: 'SAA',
  track: '12-steps',
  step_number: n,
  step_title: `Step ${n}`,
  completed: false,
  data: { actions: [], encryptedData: text, encrypted: true },
  started_at: null,
  completed_at: null,
  updated_at: '2026-11-25T10:00:00.000Z',
  sk: `SAA#12-steps#${n}`,
});
const inventory = (type: InventoryType, version: string, text: string): InventoryReply => ({
  inventory_type: type,
  version,
  items: [],
  encrypted: true,
  encryptedData: text,
  entry_count: 1,
  completed: false,
  updated_at: '2026-11-25T10:00:00.000Z',
});
const kept = (text: string): KeptAsideItem => ({
  id: KEPT_ID,
  kind: 'step',
  program: 'SAA',
  track: '12-steps',
  step_number: 4,
  encryptedData: text,
  entry_count: 0,
  completed: false,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
});

const keyOf = (swap: BindingSwap) =>
  swap.kind === 'step'
    ? `step:${swap.step_number}`
    : swap.kind === 'inventory'
      ? `inventory:${swap.inventory_type}:${swap.version}`
      : swap.kind === 'profile'
        ? 'profile'
        : `${swap.kind}:${swap.id}`;

/** A server over `store` that swaps only what is unchanged, like the real one. */
function serverOver(store: Store, overrides: Partial<BindingApis> = {}) {
  const finished = vi.fn(async () => undefined);
  const apis: BindingApis = {
    steps: async () =>
      [...store].filter(([k]) => k.startsWith('step:')).map(([k, text]) => step(Number(k.slice(5)), text)),
    inventoryVersions: async (type) =>
      [...store.keys()].filter((k) => k.startsWith(`inventory:${type}:`)).map((k) => k.split(':')[2] ?? ''),
    inventory: async (type, version) =>
      inventory(type, version, store.get(`inventory:${type}:${version}`) ?? ''),
    keptAside: async () =>
      store.has(`kept-aside:${KEPT_ID}`) ? [kept(store.get(`kept-aside:${KEPT_ID}`) ?? '')] : [],
    profileDetails: async () => store.get('profile') ?? null,
    shareKeys: async () =>
      store.has(`share:${SHARE_ID}`)
        ? [{ id: SHARE_ID, owner_key: store.get(`share:${SHARE_ID}`) ?? '' }]
        : [],
    swap: async (swap) => {
      if (store.get(keyOf(swap)) !== swap.from) return false;
      store.set(keyOf(swap), swap.to);
      return true;
    },
    finish: finished,
    ...overrides,
  };
  return { apis, finished };
}

/** An account from before the move: every piece bound to the e-mail, as the browser wrote it then. */
async function earlierAccount() {
  const key = await createDataKey(webCrypto);
  const v1 = (value: unknown, place: string) => encryptJson(webCrypto, key, value, `${EMAIL}|${place}|v1`);
  const store: Store = new Map([
    ['step:1', await v1({ answer: 'one' }, stepPlace(1))],
    ['step:2', await v1({ answer: 'two' }, stepPlace(2))],
    ['inventory:fears:fears-current', await v1({ entries: ['fear'] }, inventoryPlace('fears'))],
    [`kept-aside:${KEPT_ID}`, await v1({ answer: 'kept' }, stepPlace(4))],
    ['profile', await v1({ bio: 'me' }, PROFILE_DETAILS_PLACE)],
    [`share:${SHARE_ID}`, await v1('share-key', SHARE_KEY_PLACE)],
  ]);
  const cipher = createDataCipher(webCrypto, key, ACCOUNT, EMAIL);
  return { key, store, cipher };
}

const PLACES: Record<string, string> = {
  'step:1': stepPlace(1),
  'step:2': stepPlace(2),
  'inventory:fears:fears-current': inventoryPlace('fears'),
  [`kept-aside:${KEPT_ID}`]: stepPlace(4),
  profile: PROFILE_DETAILS_PLACE,
  [`share:${SHARE_ID}`]: SHARE_KEY_PLACE,
};

async function bindings(cipher: DataCipher, store: Store) {
  const seen: Record<string, number> = {};
  for (const [k, text] of store) seen[k] = (await cipher.open(text, PLACES[k] ?? '')).binding;
  return seen;
}

describe('moveToAccountBinding', () => {
  it('moves every piece bound to the e-mail to the account id, then tells the server', async () => {
    const { store, cipher } = await earlierAccount();
    const { apis, finished } = serverOver(store);
    const counts = await moveToAccountBinding(cipher, apis);
    expect(counts).toEqual({ moved: 6, unreadable: 0, notTaken: 0, failed: 0 });
    expect(Object.values(await bindings(cipher, store))).toEqual([2, 2, 2, 2, 2, 2]);
    // Without the e-mail at all, the writing now opens: it is bound to the account alone.
    const accountOnly = createDataCipher(webCrypto, (await earlierAccount()).key, ACCOUNT);
    await expect(accountOnly.decrypt(store.get('step:1') ?? '', stepPlace(1))).rejects.toThrow();
    expect(await cipher.decrypt(store.get('step:1') ?? '', stepPlace(1))).toEqual({ answer: 'one' });
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('stopped half-way, loses nothing, does not finish, and the next run goes on', async () => {
    const { store, cipher } = await earlierAccount();
    let swaps = 0;
    const flaky = serverOver(store);
    const broken = serverOver(store, {
      swap: async (swap) => {
        swaps += 1;
        if (swaps > 2) throw new Error('network went away');
        return flaky.apis.swap(swap);
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await moveToAccountBinding(cipher, broken.apis);
    expect(first).toMatchObject({ moved: 2, failed: 4 });
    expect(broken.finished).not.toHaveBeenCalled();
    expect(Object.values(await bindings(cipher, store)).sort()).toEqual([1, 1, 1, 1, 2, 2]);
    expect(
      await cipher.decrypt(store.get('inventory:fears:fears-current') ?? '', inventoryPlace('fears')),
    ).toEqual({
      entries: ['fear'],
    });

    const again = await moveToAccountBinding(cipher, flaky.apis);
    expect(again).toEqual({ moved: 4, unreadable: 0, notTaken: 0, failed: 0 });
    expect(flaky.finished).toHaveBeenCalledTimes(1);
  });

  it('never overwrites writing saved meanwhile, and leaves what this key cannot open', async () => {
    const { store, cipher } = await earlierAccount();
    const other = createDataCipher(webCrypto, await createDataKey(webCrypto), ACCOUNT);
    store.set('step:2', await other.encrypt({ answer: 'earlier key' }, stepPlace(2)));
    const typedMeanwhile = await cipher.encrypt({ answer: 'typed in another tab' }, stepPlace(1));
    const { apis, finished } = serverOver(store, {
      swap: async (swap) => {
        if (swap.kind === 'step' && swap.step_number === 1) {
          store.set('step:1', typedMeanwhile);
          return false;
        }
        return serverOver(store).apis.swap(swap);
      },
    });
    const counts = await moveToAccountBinding(cipher, apis);
    expect(counts).toEqual({ moved: 4, unreadable: 1, notTaken: 1, failed: 0 });
    expect(await cipher.decrypt(store.get('step:1') ?? '', stepPlace(1))).toEqual({
      answer: 'typed in another tab',
    });
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('a listing that fails counts as a failure, and the account is not marked done', async () => {
    const { store, cipher } = await earlierAccount();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { apis, finished } = serverOver(store, {
      steps: async () => {
        throw new Error('offline');
      },
    });
    expect((await moveToAccountBinding(cipher, apis)).failed).toBe(1);
    expect(finished).not.toHaveBeenCalled();
  });
});
