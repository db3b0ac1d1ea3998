import {
  type CompletionMarker,
  completionMarker,
  defaultInventoryVersion,
  type EntryRecord,
  type InventoryReply,
  type InventoryType,
  inventoryPayload,
  inventoryPlace,
  type KeptAsideItem,
  type StepRecord,
} from '@sam/core';
import { describe, expect, it, vi } from 'vitest';
import {
  CryptoError,
  createDataCipher,
  type DataCipher,
  openAccountKey,
  signupCredentials,
  startFreshKey,
} from '../../crypto/index.ts';
import { fastKdf, MemoryKeysApi, webCrypto } from '../../crypto/testSupport.ts';
import type { StepSave } from '../steps/api.ts';
import { stepPlace } from '../steps/stepState.ts';
import { scanEarlierWriting } from './scanEarlierWriting.ts';
import { type EarlierWritingApis, NoEarlierKeyError, unlockEarlierWriting } from './unlockEarlierWriting.ts';

const crypto = webCrypto;
const userId = 'sam-user@example.com';
const owner = { accountId: userId, v1Binding: null };
const OLD_PASSWORD = 'the password before the reset';
const NEW_PASSWORD = 'the password after the reset';

/** An account whose first key went inactive after a reset and "Start fresh": both ciphers and its codes. */
async function twoKeys() {
  const first = await signupCredentials(crypto, OLD_PASSWORD, fastKdf());
  const keysApi = new MemoryKeysApi(first.kdf);
  const opened = await openAccountKey({ crypto, userId, kek: first.kek, keysApi });
  if (opened.status !== 'created') throw new Error('expected a new key');
  const second = await signupCredentials(crypto, NEW_PASSWORD, fastKdf());
  keysApi.accountKdf = second.kdf;
  const fresh = await startFreshKey({ crypto, userId, kek: second.kek, keysApi });
  return {
    keysApi,
    old: createDataCipher(crypto, opened.key, userId),
    active: createDataCipher(crypto, fresh.key, userId),
    oldCode: opened.recoveryCode,
  };
}

const answers = { step3_questions: { q2: { key: 'fears_about_decision', answer: 'Written before 🌙' } } };
const entry: EntryRecord = {
  id: 'e1',
  who: 'My old boss',
  why: 'Unfair',
  feeling: '',
  impacts: [],
  myPart: '',
};
const MARKER: CompletionMarker = completionMarker(true, new Date('2026-01-02T03:04:05.000Z'));

function stepRecord(step: number, encryptedData: string | undefined): StepRecord {
  return {
    program: 'SAA',
    track: '12-steps',
    step_number: step,
    step_title: `Step title ${step}`,
    completed: step === 1,
    data: {
      actions: [{ id: 1, completed: true }],
      encrypted: encryptedData !== undefined,
      ...(encryptedData ? { encryptedData } : {}),
    },
    started_at: '2026-01-01T00:00:00.000Z',
    completed_at: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    sk: `SAA#12-steps#step${step}`,
  };
}

function inventoryReply(type: InventoryType, version: string, encryptedData: string): InventoryReply {
  return {
    inventory_type: type,
    version,
    items: [MARKER],
    encrypted: true,
    encryptedData,
    entry_count: 1,
    completed: true,
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function keptItem(id: string, slot: { step: number } | { type: InventoryType }, text: string): KeptAsideItem {
  const common = {
    id,
    encryptedData: text,
    entry_count: 0,
    completed: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  return 'step' in slot
    ? { ...common, kind: 'step', program: 'SAA', track: '12-steps', step_number: slot.step }
    : { ...common, kind: 'inventory', inventory_type: slot.type };
}

/** An in-memory stand-in for the server's routes, recording every write. */
class MemoryServer implements EarlierWritingApis {
  steps_: StepRecord[] = [];
  inventories = new Map<string, InventoryReply>();
  kept: KeptAsideItem[] = [];
  writes: string[] = [];
  failKeptAsideUpdates = false;

  constructor(private readonly keysApi: MemoryKeysApi) {}

  async earlierKeys() {
    return this.keysApi.records.filter((r) => !r.active).reverse();
  }
  async steps() {
    return structuredClone(this.steps_);
  }
  async saveStep(save: StepSave) {
    this.writes.push(`step ${save.step_number}`);
    const i = this.steps_.findIndex((r) => r.step_number === save.step_number);
    const before = this.steps_[i] as StepRecord;
    this.steps_[i] = {
      ...before,
      step_title: save.step_title,
      completed: save.completed,
      data: { actions: save.actions, encryptedData: save.encryptedData, encrypted: true },
    };
  }
  async inventoryVersions(type: InventoryType) {
    return [...this.inventories.values()].filter((r) => r.inventory_type === type).map((r) => r.version);
  }
  async inventory(type: InventoryType, version: string) {
    const found = this.inventories.get(`${type}/${version}`);
    return structuredClone(
      found ?? {
        inventory_type: type,
        version,
        items: [],
        encrypted: false,
        entry_count: 0,
        completed: false,
        updated_at: '',
      },
    );
  }
  async saveInventory(
    type: InventoryType,
    version: string,
    encryptedData: string,
    marker: CompletionMarker,
    entryCount: number,
  ) {
    this.writes.push(`inventory ${type}/${version}`);
    this.inventories.set(`${type}/${version}`, {
      ...inventoryReply(type, version, encryptedData),
      items: [marker],
      entry_count: entryCount,
      completed: marker.completed,
    });
  }
  async keptAside() {
    return structuredClone(this.kept);
  }
  async updateKeptAside(id: string, encryptedData: string) {
    if (this.failKeptAsideUpdates) throw new Error('503 database unavailable');
    this.writes.push(`kept ${id}`);
    const item = this.kept.find((i) => i.id === id) as KeptAsideItem;
    item.encryptedData = encryptedData;
  }
  async putBack(id: string) {
    this.writes.push(`put back ${id}`);
    const item = this.kept.find((i) => i.id === id) as KeptAsideItem;
    this.kept = this.kept.filter((i) => i.id !== id);
    if (item.kind === 'inventory') {
      const version = defaultInventoryVersion(item.inventory_type);
      this.inventories.set(
        `${item.inventory_type}/${version}`,
        inventoryReply(item.inventory_type, version, item.encryptedData),
      );
    }
  }
}

/** Steps 1 (active key), 3 (old key) and 5 (damaged); resentments current and an earlier version (old key),
 * fears current (active key); kept aside: step 3 (old, slot full) and harms (old, slot empty). */
async function lockedAccount() {
  const keys = await twoKeys();
  const { old, active } = keys;
  const server = new MemoryServer(keys.keysApi);
  const inventoryText = (cipher: DataCipher, type: InventoryType, version?: string) =>
    cipher.encrypt(inventoryPayload([entry]), inventoryPlace(type, version));
  server.steps_ = [
    stepRecord(1, await active.encrypt({ notes: 'new' }, stepPlace(1))),
    stepRecord(3, await old.encrypt(answers, stepPlace(3))),
    stepRecord(5, btoa('x'.repeat(64))),
    stepRecord(7, undefined),
  ];
  for (const [type, version, cipher] of [
    ['resentments', 'resentments-current', old],
    ['resentments', 'resentments-20260101', old],
    ['fears', 'fears-current', active],
  ] as const) {
    server.inventories.set(
      `${type}/${version}`,
      inventoryReply(type, version, await inventoryText(cipher, type, version)),
    );
  }
  server.kept = [
    keptItem('kept-step-3', { step: 3 }, await old.encrypt({ notes: 'first try' }, stepPlace(3))),
    keptItem('kept-harms', { type: 'harms' }, await inventoryText(old, 'harms')),
  ];
  return { ...keys, server };
}

describe('unlockEarlierWriting', () => {
  it('re-encrypts under the active key, in place, everything only the earlier key opens', async () => {
    const { server, active, old } = await lockedAccount();
    const counts = await unlockEarlierWriting({
      crypto,
      ...owner,
      active,
      secret: { way: 'old-password', password: OLD_PASSWORD },
      apis: server,
    });
    expect(counts).toEqual({ steps: 1, inventories: 2, keptAside: 2, putBack: 1, failed: 0 });
    expect(server.writes).toEqual([
      'step 3',
      'inventory resentments/resentments-current',
      'inventory resentments/resentments-20260101',
      'kept kept-step-3',
      'kept kept-harms',
      'put back kept-harms',
    ]);

    const step3 = server.steps_.find((r) => r.step_number === 3) as StepRecord;
    expect(await active.decrypt(step3.data.encryptedData as string, stepPlace(3))).toEqual(answers);
    expect(step3).toMatchObject({ step_title: 'Step title 3', completed: false });
    expect(step3.data.actions).toEqual([{ id: 1, completed: true }]);
    await expect(old.decrypt(step3.data.encryptedData as string, stepPlace(3))).rejects.toThrow();

    for (const version of ['resentments-current', 'resentments-20260101']) {
      const saved = server.inventories.get(`resentments/${version}`) as InventoryReply;
      expect(saved.items).toEqual([MARKER]);
      expect(saved.entry_count).toBe(1);
      expect(
        await active.decrypt(saved.encryptedData as string, inventoryPlace('resentments', version)),
      ).toEqual(inventoryPayload([entry]));
    }
    // The kept-aside step stays aside (the step has writing); the harms went back into the empty inventory.
    expect(server.kept.map((i) => i.id)).toEqual(['kept-step-3']);
    expect(await active.decrypt(server.kept[0]?.encryptedData as string, stepPlace(3))).toEqual({
      notes: 'first try',
    });
    const harms = server.inventories.get('harms/harms-current') as InventoryReply;
    expect(await active.decrypt(harms.encryptedData as string, inventoryPlace('harms'))).toEqual(
      inventoryPayload([entry]),
    );
  });

  it('opens with the recovery code of then too, and a second run finds nothing left to do', async () => {
    const { server, active, oldCode } = await lockedAccount();
    const secret = { way: 'recovery-code', code: oldCode } as const;
    const first = await unlockEarlierWriting({ crypto, ...owner, active, secret, apis: server });
    expect(first.steps + first.inventories + first.keptAside).toBe(5);
    server.writes = [];
    const again = await unlockEarlierWriting({ crypto, ...owner, active, secret, apis: server });
    expect(again).toEqual({ steps: 0, inventories: 0, keptAside: 0, putBack: 0, failed: 0 });
    expect(server.writes).toEqual([]);
  });

  it('writes nothing for a wrong password or code, and says so', async () => {
    const { server, active } = await lockedAccount();
    const before = structuredClone({ steps: server.steps_, kept: server.kept });
    for (const secret of [
      { way: 'old-password', password: NEW_PASSWORD },
      { way: 'recovery-code', code: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AA' },
      { way: 'recovery-code', code: 'not a code' },
    ] as const) {
      const error = await unlockEarlierWriting({ crypto, ...owner, active, secret, apis: server }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).message).toMatch(/earlier writing|not valid/);
    }
    expect(server.writes).toEqual([]);
    expect({ steps: server.steps_, kept: server.kept }).toEqual(before);
  });

  it('says there is nothing to unlock when the account has no earlier key', async () => {
    const { server, active } = await lockedAccount();
    server.earlierKeys = async () => [];
    await expect(
      unlockEarlierWriting({
        crypto,
        ...owner,
        active,
        secret: { way: 'old-password', password: OLD_PASSWORD },
        apis: server,
      }),
    ).rejects.toBeInstanceOf(NoEarlierKeyError);
    expect(server.writes).toEqual([]);
  });

  it('leaves kept-aside writing aside when the server did not take its new copy', async () => {
    const { server, active } = await lockedAccount();
    server.failKeptAsideUpdates = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const counts = await unlockEarlierWriting({
      crypto,
      ...owner,
      active,
      secret: { way: 'old-password', password: OLD_PASSWORD },
      apis: server,
    });
    expect(counts).toMatchObject({ keptAside: 0, putBack: 0, failed: 2 });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
    expect(server.kept.map((i) => i.id)).toEqual(['kept-step-3', 'kept-harms']);
    expect(server.inventories.has('harms/harms-current')).toBe(false);
  });
});

describe('scanEarlierWriting', () => {
  it('names what the active key cannot open, and reads the kept-aside writing it can', async () => {
    const { server, active } = await lockedAccount();
    const before = await scanEarlierWriting(active, server);
    expect(before.locked).toEqual([
      { kind: 'step', stepNumber: 3 },
      { kind: 'step', stepNumber: 5 },
      { kind: 'inventory', type: 'resentments' },
    ]);
    expect(before.keptAside.map((k) => [k.item.id, k.readable, k.content])).toEqual([
      ['kept-step-3', false, null],
      ['kept-harms', false, null],
    ]);

    await unlockEarlierWriting({
      crypto,
      ...owner,
      active,
      secret: { way: 'old-password', password: OLD_PASSWORD },
      apis: server,
    });
    const after = await scanEarlierWriting(active, server);
    expect(after.locked).toEqual([{ kind: 'step', stepNumber: 5 }]);
    expect(after.keptAside).toEqual([
      {
        item: expect.objectContaining({ id: 'kept-step-3' }),
        slot: { kind: 'step', stepNumber: 3 },
        readable: true,
        content: { kind: 'step', data: { notes: 'first try' } },
      },
    ]);
  });
});
