import {
  KEPT_ASIDE_MESSAGES,
  KEPT_ASIDE_TOOLS_MESSAGES,
  MAX_KEPT_ASIDE_ITEMS,
  MAX_KEPT_ASIDE_TOOLS,
  MAX_STEP_CIPHERTEXT,
} from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { difference, snapshot } from './abuse/dbSnapshot.ts';
import { AUTH_VALUE, get, newUser, post, sealed, startTestApp, type TestApp, userIdOf } from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'kept@example.com');
});
afterEach(async () => {
  await t.close();
});

const STEP = { kind: 'step', program: 'SAA', track: '12-steps', step_number: 3 } as const;
const RESENTMENTS = { kind: 'inventory', inventory_type: 'resentments' } as const;
const marker = (completed: boolean) => ({
  _type: 'completion_status',
  completed,
  timestamp: '2026-11-21T10:00:00.000Z',
});

const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown, auth = token) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${auth}` },
  });

function saveStep(encryptedData: string, auth = token, stepNumber = 3) {
  return post(
    t,
    '/api/progress/step',
    {
      program: 'SAA',
      track: '12-steps',
      step_number: stepNumber,
      step_title: 'Step Three',
      completed: false,
      data: { actions: [{ id: 1, completed: true }], encryptedData, encrypted: true },
    },
    auth,
  );
}

function saveResentments(encryptedData: string, entryCount: number, completed: boolean, auth = token) {
  return post(
    t,
    '/api/save_inventory_encrypted',
    {
      inventory_type: 'resentments',
      version: 'resentments-current',
      items: [marker(completed)],
      encryptedData,
      encrypted: true,
      entry_count: entryCount,
    },
    auth,
  );
}

async function stepThree(auth = token) {
  const { progress } = (await get(t, '/api/progress/SAA', auth)).json();
  return progress.find((r: { step_number: number }) => r.step_number === 3);
}

const currentResentments = async (auth = token) =>
  (await get(t, '/api/get_inventory_encrypted/resentments/resentments-current', auth)).json();
const items = async (auth = token) => (await get(t, '/api/kept-aside', auth)).json().items;

describe('POST /api/kept-aside (start this item over)', () => {
  it('keeps a step’s writing aside and empties it, keeping its action flags and dates', async () => {
    expect(await items()).toEqual([]);
    await saveStep(sealed('step three, first try'));
    const before = await stepThree();

    const res = await post(t, '/api/kept-aside', STEP, token);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json();
    expect(item).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'step',
      program: 'SAA',
      track: '12-steps',
      step_number: 3,
      encryptedData: sealed('step three, first try'),
      entry_count: 0,
      completed: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const after = await stepThree();
    expect(after.data).toEqual({ actions: [{ id: 1, completed: true }], encrypted: false });
    expect(after.started_at).toBe(before.started_at);
    expect(after.step_title).toBe('Step Three');
    expect(await items()).toEqual([item]);
  });

  it('keeps the current inventory aside with its count and completion, and removes it', async () => {
    await saveResentments(sealed('three resentments'), 3, true);
    const res = await post(t, '/api/kept-aside', RESENTMENTS, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'inventory',
      inventory_type: 'resentments',
      encryptedData: sealed('three resentments'),
      entry_count: 3,
      completed: true,
    });
    expect(await currentResentments()).toMatchObject({ entry_count: 0, completed: false, encrypted: false });
    expect((await currentResentments()).encryptedData).toBeUndefined();
    expect((await get(t, '/api/list_inventory_versions/resentments', token)).json().versions).toEqual([]);
  });

  it('answers 404 with a readable detail when there is nothing to keep aside', async () => {
    for (const body of [STEP, RESENTMENTS, { ...STEP, program: 'AA' }]) {
      const res = await post(t, '/api/kept-aside', body, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: KEPT_ASIDE_MESSAGES.nothingToKeep, code: 'nothing_to_keep' });
    }
    // A step with ticked actions but no private writing has nothing to keep either.
    await post(
      t,
      '/api/progress/step',
      {
        program: 'SAA',
        track: '12-steps',
        step_number: 3,
        completed: false,
        data: { actions: [{ id: 1, completed: true }], encrypted: false },
      },
      token,
    );
    expect((await post(t, '/api/kept-aside', STEP, token)).statusCode).toBe(404);
    expect(await items()).toEqual([]);
  });

  it('refuses to keep aside entries that were saved without encryption', async () => {
    // Saved in the clear by an older client (no route takes that any more; decision 47).
    await t.db
      .insertInto('inventories')
      .values({
        user_id: await userIdOf(t, 'kept@example.com'),
        inventory_type: 'resentments',
        version: 'resentments-current',
        items: JSON.stringify([{ who: 'plain text' }]),
        encrypted_data: null,
        encrypted: 0,
        entry_count: 1,
        completed: 0,
        updated_at: Date.now(),
      })
      .execute();
    const before = await snapshot(t.db);
    const res = await post(t, '/api/kept-aside', RESENTMENTS, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('plain_inventory');
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });

  it(`keeps at most ${MAX_KEPT_ASIDE_ITEMS} items per person, then answers 409 and changes nothing`, async () => {
    for (let i = 0; i < MAX_KEPT_ASIDE_ITEMS; i++) {
      await saveStep(sealed(`try ${i}`));
      expect((await post(t, '/api/kept-aside', STEP, token)).statusCode).toBe(200);
    }
    await saveStep(sealed('one too many'));
    const before = await snapshot(t.db);
    const res = await post(t, '/api/kept-aside', STEP, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: KEPT_ASIDE_MESSAGES.tooMany, code: 'too_many_kept_aside' });
    expect(difference(before, await snapshot(t.db))).toEqual([]);
    expect((await stepThree()).data.encryptedData).toBe(sealed('one too many'));
  });
});

describe('PUT /api/kept-aside/:id (re-encrypted after an unlock)', () => {
  it('replaces the ciphertext and nothing else', async () => {
    await saveStep(sealed('old key'));
    const item = (await post(t, '/api/kept-aside', STEP, token)).json();
    t.advance(1000);
    const res = await send('PUT', `/api/kept-aside/${item.id}`, { encryptedData: sealed('active key') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...item,
      encryptedData: sealed('active key'),
      updated_at: new Date(Date.parse(item.updated_at) + 1000).toISOString(),
    });
    expect(await items()).toEqual([res.json()]);
  });

  it('refuses a step-sized item a ciphertext larger than a step may hold, and bad bodies', async () => {
    await saveStep(sealed('old key'));
    const item = (await post(t, '/api/kept-aside', STEP, token)).json();
    const before = await snapshot(t.db);
    const tooLong = await send('PUT', `/api/kept-aside/${item.id}`, {
      encryptedData: 'A'.repeat(MAX_STEP_CIPHERTEXT + 4),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toBe(KEPT_ASIDE_MESSAGES.tooLong('step'));
    for (const body of [
      { encryptedData: 'not base64 !!' },
      { encryptedData: 'c2hvcnQ=' },
      { encryptedData: 42 },
      {},
    ]) {
      const res = await send('PUT', `/api/kept-aside/${item.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toMatch(/^encryptedData/);
    }
    const huge = await send('PUT', `/api/kept-aside/${item.id}`, {
      encryptedData: 'A'.repeat(5 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('The request body is too large.');
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});

describe('POST /api/kept-aside/:id/put-back', () => {
  it('puts a step’s earlier writing back and keeps the newer writing aside in its place', async () => {
    await saveStep(sealed('earlier'));
    const earlier = (await post(t, '/api/kept-aside', STEP, token)).json();
    await saveStep(sealed('newer'));

    const res = await send('POST', `/api/kept-aside/${earlier.id}/put-back`);
    expect(res.statusCode, res.body).toBe(200);
    const { keptAside } = res.json();
    expect(keptAside).toMatchObject({ kind: 'step', step_number: 3, encryptedData: sealed('newer') });
    expect(keptAside.id).not.toBe(earlier.id);

    const step = await stepThree();
    expect(step.data).toEqual({
      actions: [{ id: 1, completed: true }],
      encryptedData: sealed('earlier'),
      encrypted: true,
    });
    expect((await items()).map((i: { id: string }) => i.id)).toEqual([keptAside.id]);
  });

  it('fills an empty step without keeping anything aside, and a step that has no record at all', async () => {
    await saveStep(sealed('earlier'));
    const first = (await post(t, '/api/kept-aside', STEP, token)).json();
    const back = await send('POST', `/api/kept-aside/${first.id}/put-back`);
    expect(back.json()).toEqual({ keptAside: null });
    expect((await stepThree()).data.encryptedData).toBe(sealed('earlier'));

    const second = (await post(t, '/api/kept-aside', STEP, token)).json();
    await t.db.deleteFrom('step_progress').execute();
    const restored = await send('POST', `/api/kept-aside/${second.id}/put-back`);
    expect(restored.json()).toEqual({ keptAside: null });
    expect(await stepThree()).toMatchObject({
      step_title: 'Step 3',
      completed: false,
      data: { actions: [], encryptedData: sealed('earlier'), encrypted: true },
      started_at: expect.any(String),
    });
    expect(await items()).toEqual([]);
  });

  it('swaps an inventory back with its count and completion', async () => {
    await saveResentments(sealed('three, complete'), 3, true);
    const earlier = (await post(t, '/api/kept-aside', RESENTMENTS, token)).json();
    await saveResentments(sealed('one, not complete'), 1, false);

    const { keptAside } = (await send('POST', `/api/kept-aside/${earlier.id}/put-back`)).json();
    expect(keptAside).toMatchObject({
      kind: 'inventory',
      inventory_type: 'resentments',
      encryptedData: sealed('one, not complete'),
      entry_count: 1,
      completed: false,
    });
    const current = await currentResentments();
    expect(current).toMatchObject({
      encryptedData: sealed('three, complete'),
      encrypted: true,
      entry_count: 3,
      completed: true,
      items: [{ _type: 'completion_status', completed: true, timestamp: expect.any(String) }],
    });

    // And into an inventory that is gone: no new item.
    const again = (await post(t, '/api/kept-aside', RESENTMENTS, token)).json();
    expect((await send('POST', `/api/kept-aside/${again.id}/put-back`)).json()).toEqual({ keptAside: null });
    expect((await currentResentments()).encryptedData).toBe(sealed('three, complete'));
    expect((await items()).map((i: { id: string }) => i.id)).toEqual([keptAside.id]);
  });

  it('puts an item back once, and keeps nothing twice, when asked twice at the same time', async () => {
    await saveStep(sealed('earlier'));
    const item = (await post(t, '/api/kept-aside', STEP, token)).json();
    await saveStep(sealed('newer'));
    const replies = await Promise.all([
      send('POST', `/api/kept-aside/${item.id}/put-back`),
      send('POST', `/api/kept-aside/${item.id}/put-back`),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await stepThree()).data.encryptedData).toBe(sealed('earlier'));
    expect((await items()).map((i: { encryptedData: string }) => i.encryptedData)).toEqual([sealed('newer')]);

    const both = await Promise.all([
      post(t, '/api/kept-aside', STEP, token),
      post(t, '/api/kept-aside', STEP, token),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await items()).toHaveLength(2);
  });

  it('answers 404 for an item that is gone, changing nothing', async () => {
    await saveStep(sealed('earlier'));
    const item = (await post(t, '/api/kept-aside', STEP, token)).json();
    expect((await send('DELETE', `/api/kept-aside/${item.id}`)).json()).toEqual({
      message: KEPT_ASIDE_MESSAGES.deleted,
    });
    const before = await snapshot(t.db);
    for (const [method, url] of [
      ['POST', `/api/kept-aside/${item.id}/put-back`],
      ['DELETE', `/api/kept-aside/${item.id}`],
      ['PUT', `/api/kept-aside/${item.id}`],
    ] as const) {
      const res = await send(method, url, method === 'PUT' ? { encryptedData: sealed('x') } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: KEPT_ASIDE_MESSAGES.notFound, code: 'not_found' });
    }
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});

describe('another person and bad input', () => {
  it("never lists, changes, puts back or deletes another person's items", async () => {
    await saveStep(sealed('mine'));
    const mine = (await post(t, '/api/kept-aside', STEP, token)).json();
    const other = await newUser(t, 'other@example.com');
    await saveStep(sealed('theirs'), other);

    expect(await items(other)).toEqual([]);
    const before = await snapshot(t.db);
    for (const [method, url, body] of [
      ['PUT', `/api/kept-aside/${mine.id}`, { encryptedData: sealed('overwritten') }],
      ['POST', `/api/kept-aside/${mine.id}/put-back`, undefined],
      ['DELETE', `/api/kept-aside/${mine.id}`, undefined],
    ] as const) {
      const res = await send(method, url, body, other);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe(KEPT_ASIDE_MESSAGES.notFound);
      expect(res.body).not.toContain(sealed('mine'));
    }
    expect(difference(before, await snapshot(t.db))).toEqual([]);
    expect(await items()).toEqual([mine]);
    expect((await stepThree(other)).data.encryptedData).toBe(sealed('theirs'));
  });

  it('refuses malformed ids, wrong kinds and types, and bodies that are not JSON, changing nothing', async () => {
    await saveStep(sealed('mine'));
    await saveResentments(sealed('three'), 3, false);
    const before = await snapshot(t.db);

    for (const id of ['not-an-id', '1', "'; drop table kept_aside; --", 'A'.repeat(36)]) {
      const res = await send('POST', `/api/kept-aside/${encodeURIComponent(id)}/put-back`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().detail).toBe('params.id: Not an id of earlier writing');
    }
    const bad: Array<[unknown, RegExp]> = [
      [{ kind: 'secret' }, /kind must be 'step' or 'inventory'/],
      [{ ...STEP, step_number: 13 }, /^step_number: step_number must be between 1 and 12$/],
      [{ ...STEP, step_number: '3' }, /^step_number: /],
      [{ ...STEP, program: 'XYZ' }, /^program: Unknown program$/],
      [{ ...STEP, track: 'traditions' }, /^track: Unknown track$/],
      [{ kind: 'inventory', inventory_type: 'secrets' }, /^inventory_type: Unknown inventory type$/],
      [{ kind: 'inventory' }, /^inventory_type: /],
      [[STEP], /kind must be 'step' or 'inventory'|expected object/],
    ];
    for (const [body, detail] of bad) {
      const res = await post(t, '/api/kept-aside', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/kept-aside',
      payload: 'kind=step',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const huge = await post(t, '/api/kept-aside', { ...STEP, padding: 'x'.repeat(20_000) }, token);
    expect(huge.statusCode).toBe(413);
    expect((await get(t, '/api/kept-aside')).statusCode).toBe(401);
    expect((await post(t, '/api/kept-aside', STEP)).statusCode).toBe(401);
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});

describe('circles, abstinence dates and check-ins kept aside by a clear', () => {
  async function clearWithTools(auth = token) {
    expect(
      (await post(t, '/api/circles', { basedOn: null, ciphertext: sealed('circles') }, auth)).statusCode,
    ).toBe(201);
    expect(
      (await send('PUT', '/api/check-ins/2026-01-15', { ciphertext: sealed('night') }, auth)).statusCode,
    ).toBe(200);
    expect((await post(t, '/api/backup/clear', { password: AUTH_VALUE }, auth)).statusCode).toBe(200);
    const items = (await get(t, '/api/kept-aside/tools', auth)).json().items;
    expect(items).toHaveLength(1);
    return items[0].id as string;
  }

  it("answers 404 to another person's id and changes nothing", async () => {
    const id = await clearWithTools();
    const other = await newUser(t, 'other-tools@example.com');
    const before = await snapshot(t.db);
    expect((await post(t, `/api/kept-aside/tools/${id}/put-back`, undefined, other)).statusCode).toBe(404);
    const removed = await send('DELETE', `/api/kept-aside/tools/${id}`, undefined, other);
    expect(removed.statusCode).toBe(404);
    expect(removed.json().detail).toBe(KEPT_ASIDE_TOOLS_MESSAGES.notFound);
    expect((await get(t, '/api/kept-aside/tools', other)).json()).toEqual({ items: [] });
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });

  it('deletes a copy for good, refuses a malformed id, and needs a session', async () => {
    const id = await clearWithTools();
    expect((await send('DELETE', '/api/kept-aside/tools/not-an-id')).statusCode).toBe(400);
    expect((await get(t, '/api/kept-aside/tools')).statusCode).toBe(401);
    const removed = await send('DELETE', `/api/kept-aside/tools/${id}`);
    expect(removed.json()).toEqual({ message: KEPT_ASIDE_TOOLS_MESSAGES.deleted });
    expect((await get(t, '/api/kept-aside/tools', token)).json()).toEqual({ items: [] });
    expect((await post(t, `/api/kept-aside/tools/${id}/put-back`, undefined, token)).statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_KEPT_ASIDE_TOOLS} copies; past that a clear is refused and nothing is cleared`, async () => {
    for (let i = 0; i < MAX_KEPT_ASIDE_TOOLS; i++) {
      expect(
        (await send('PUT', '/api/check-ins/2026-01-15', { ciphertext: sealed(`night ${i}`) })).statusCode,
      ).toBe(200);
      expect((await post(t, '/api/backup/clear', { password: AUTH_VALUE }, token)).statusCode).toBe(200);
    }
    expect((await send('PUT', '/api/check-ins/2026-01-15', { ciphertext: sealed('kept') })).statusCode).toBe(
      200,
    );
    const before = await snapshot(t.db);
    const refused = await post(t, '/api/backup/clear', { password: AUTH_VALUE }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'too_many_kept_aside',
      detail: KEPT_ASIDE_TOOLS_MESSAGES.tooMany,
    });
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});
