import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let other: string;

beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'recheck@example.com');
  other = await newUser(t, 'other-recheck@example.com');
});
afterEach(async () => {
  await t.close();
});

const CIPHERTEXT = Buffer.from('iv-and-aes-gcm-output-of-step-four').toString('base64');
const INVENTORY_CIPHERTEXT = Buffer.from('iv-and-aes-gcm-output-of-an-inventory').toString('base64');
const TYPES = ['resentments', 'fears', 'harms'] as const;

const stepFour = (done: number) => ({
  program: 'SAA',
  track: '12-steps',
  step_number: 4,
  step_title: 'Step Four',
  completed: done === 4,
  data: {
    actions: [1, 2, 3, 4].map((id) => ({ id, completed: id <= done })),
    encryptedData: CIPHERTEXT,
    encrypted: true,
  },
});

const saveInventory = (type: (typeof TYPES)[number], completed: boolean, auth = token) =>
  post(
    t,
    '/api/save_inventory_encrypted',
    {
      inventory_type: type,
      version: `${type}-current`,
      items: [{ _type: 'completion_status', completed, timestamp: new Date().toISOString() }],
      encryptedData: INVENTORY_CIPHERTEXT,
      encrypted: true,
      entry_count: 2,
    },
    auth,
  );

type StoredStep = {
  step_number: number;
  completed: boolean;
  completed_at: string | null;
  data: { actions: { id: number; completed: boolean }[]; encryptedData?: string };
};

const storedStepFour = async (auth = token): Promise<StoredStep | undefined> =>
  ((await get(t, '/api/progress', auth)).json().progress as StoredStep[]).find((s) => s.step_number === 4);

const doneIds = (record: StoredStep | undefined) =>
  (record?.data.actions ?? []).filter((a) => a.completed).map((a) => a.id);

describe('the step 4 rule, kept by the server', () => {
  it('stores action 3 and what follows undone when the inventories are not all complete', async () => {
    await saveInventory('resentments', true);
    await saveInventory('fears', true);
    const saved = await post(t, '/api/progress/step', stepFour(4), token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().completed).toBe(false);
    expect(doneIds(saved.json())).toEqual([1, 2]);
    expect(doneIds(await storedStepFour())).toEqual([1, 2]);
  });

  it('keeps a completed step 4 while the inventories stay complete', async () => {
    for (const type of TYPES) await saveInventory(type, true);
    const saved = await post(t, '/api/progress/step', stepFour(4), token);
    expect(saved.json().completed).toBe(true);
    expect(doneIds(saved.json())).toEqual([1, 2, 3, 4]);
  });

  it('unticks action 3 and 4 of step 4 when an inventory goes back to in progress, and keeps the ciphertext', async () => {
    for (const type of TYPES) await saveInventory(type, true);
    await post(t, '/api/progress/step', stepFour(4), token);

    const back = await saveInventory('fears', false);
    expect(back.statusCode).toBe(200);
    const record = await storedStepFour();
    expect(record?.completed).toBe(false);
    expect(record?.completed_at).toBeNull();
    expect(doneIds(record)).toEqual([1, 2]);
    expect(record?.data.encryptedData).toBe(CIPHERTEXT);
  });

  it('unticks step 4 when an inventory is deleted (Start Over)', async () => {
    for (const type of TYPES) await saveInventory(type, true);
    await post(t, '/api/progress/step', stepFour(3), token);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/delete_inventory',
      payload: { inventory_type: 'harms', version: 'harms-current' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(doneIds(await storedStepFour())).toEqual([1, 2]);
  });

  it("never changes another person's steps", async () => {
    for (const type of TYPES) {
      await saveInventory(type, true);
      await saveInventory(type, true, other);
    }
    await post(t, '/api/progress/step', stepFour(4), token);
    await post(t, '/api/progress/step', stepFour(4), other);
    await saveInventory('resentments', false);
    expect(doneIds(await storedStepFour())).toEqual([1, 2]);
    expect(doneIds(await storedStepFour(other))).toEqual([1, 2, 3, 4]);
  });

  it('applies the same rule to the single-action update', async () => {
    await post(t, '/api/progress/step', stepFour(2), token);
    const res = await post(
      t,
      '/api/progress/action',
      { program: 'SAA', track: '12-steps', step_number: 4, action_id: 3, completed: true },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(doneIds(res.json())).toEqual([1, 2]);
  });

  it('keeps a completed step 4 through a restore of complete inventories', async () => {
    const inventory = (type: (typeof TYPES)[number]) => ({
      inventory_type: type,
      version: `${type}-current`,
      items: [{ _type: 'completion_status', completed: true, timestamp: new Date().toISOString() }],
      encryptedData: INVENTORY_CIPHERTEXT,
      encrypted: true,
      entry_count: 1,
    });
    const restored = await post(
      t,
      '/api/backup/restore',
      { steps: [stepFour(4)], inventories: TYPES.map(inventory), overwrite: true },
      token,
    );
    expect(restored.statusCode).toBe(200);
    expect(doneIds(await storedStepFour())).toEqual([1, 2, 3, 4]);
  });

  it('unticks step 4 when a complete inventory is kept aside to start it over', async () => {
    for (const type of TYPES) await saveInventory(type, true);
    await post(t, '/api/progress/step', stepFour(4), token);
    const kept = await post(t, '/api/kept-aside', { kind: 'inventory', inventory_type: 'fears' }, token);
    expect(kept.statusCode).toBe(200);
    expect(doneIds(await storedStepFour())).toEqual([1, 2]);
  });
});
