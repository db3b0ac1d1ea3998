import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, sealed, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'bound@example.com');
});
afterEach(async () => {
  await t.close();
});

const saveStep = (encryptedData: string, auth = token) =>
  post(
    t,
    '/api/progress/step',
    {
      program: 'SAA',
      track: '12-steps',
      step_number: 3,
      step_title: 'Step Three',
      completed: false,
      data: { actions: [{ id: 1, completed: true }], encryptedData, encrypted: true },
    },
    auth,
  );
const stepCiphertext = async (auth = token) =>
  (await get(t, '/api/progress/SAA', auth))
    .json()
    .progress.find((s: { step_number: number }) => s.step_number === 3)?.data.encryptedData;
const swap = (body: unknown, auth = token) => post(t, '/api/user/binding/swap', body, auth);
const STEP = { kind: 'step', program: 'SAA', track: '12-steps', step_number: 3 } as const;

describe('moving writing to the account-id binding', () => {
  it('a new account starts at binding 2 with nothing bound to its e-mail', async () => {
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({ contentBinding: 2, v1Binding: null });
  });

  it('an account from before the move is at binding 1 until its browser says all has moved', async () => {
    await sql`update users set content_binding = 1, v1_binding = email`.execute(t.db);
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({
      contentBinding: 1,
      v1Binding: 'bound@example.com',
    });
    const finish = await t.app.inject({
      method: 'PUT',
      url: '/api/user/binding',
      payload: { binding: 2 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(finish.json()).toEqual({ contentBinding: 2 });
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({
      contentBinding: 2,
      v1Binding: 'bound@example.com',
    });
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/user/binding',
      payload: { binding: 1 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(back.statusCode).toBe(400);
  });

  it('swaps a ciphertext only while the record still holds the old one', async () => {
    await saveStep(sealed('v1'));
    const moved = await swap({ ...STEP, from: sealed('v1'), to: sealed('v2') });
    expect(moved.json()).toEqual({ swapped: true });
    expect(await stepCiphertext()).toBe(sealed('v2'));

    // A save in another tab came first: the swap leaves the newer writing alone.
    await saveStep(sealed('typed meanwhile'));
    const late = await swap({ ...STEP, from: sealed('v2'), to: sealed('v2 again') });
    expect(late.json()).toEqual({ swapped: false });
    expect(await stepCiphertext()).toBe(sealed('typed meanwhile'));
  });

  it("cannot touch another user's writing", async () => {
    await saveStep(sealed('mine'));
    const other = await newUser(t, 'other@example.com');
    const attempt = await swap({ ...STEP, from: sealed('mine'), to: sealed('theirs') }, other);
    expect(attempt.json()).toEqual({ swapped: false });
    expect(await stepCiphertext()).toBe(sealed('mine'));
  });

  it('swaps inventories, kept-aside writing, profile details and share keys too', async () => {
    const inventory = await post(
      t,
      '/api/save_inventory_encrypted',
      {
        inventory_type: 'fears',
        version: 'fears-current',
        items: [{ _type: 'completion_status', completed: false, timestamp: '2026-11-21T10:00:00.000Z' }],
        encryptedData: sealed('fears v1'),
        encrypted: true,
        entry_count: 1,
      },
      token,
    );
    expect(inventory.statusCode).toBe(200);
    const moved = await swap({
      kind: 'inventory',
      inventory_type: 'fears',
      version: 'fears-current',
      from: sealed('fears v1'),
      to: sealed('fears v2'),
    });
    expect(moved.json()).toEqual({ swapped: true });
    const read = await get(t, '/api/get_inventory/fears/fears-current', token);
    expect(read.json().encryptedData).toBe(sealed('fears v2'));

    for (const body of [
      { kind: 'kept-aside', id: '00000000-0000-4000-8000-000000000000' },
      { kind: 'profile' },
      { kind: 'share', id: 'AAAAAAAAAAAAAAAAAAAAAA' },
    ]) {
      const reply = await swap({ ...body, from: sealed('a'), to: sealed('b') });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ swapped: false });
    }
  });

  it('refuses bad input with a readable detail', async () => {
    const unknown = await swap({ kind: 'diary', from: sealed('a'), to: sealed('b') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('kind must be one of');
    expect((await swap({ ...STEP, from: 'not base64!', to: sealed('b') })).statusCode).toBe(400);
    expect((await swap({ ...STEP, step_number: 13, from: sealed('a'), to: sealed('b') })).statusCode).toBe(
      400,
    );
    expect((await swap({ ...STEP, extra: 1, from: sealed('a'), to: sealed('b') })).statusCode).toBe(400);
    expect((await swap({ ...STEP, from: sealed('a'), to: sealed('b') }, 'nope')).statusCode).toBe(401);
  });
});
