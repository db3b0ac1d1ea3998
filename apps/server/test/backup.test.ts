import { BACKUP_MESSAGES, MAX_KEPT_ASIDE_ITEMS, MAX_RESTORE_BODY } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_VALUE, get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'backup@example.com');
});
afterEach(async () => {
  await t.close();
});

const cipher = (label: string) => Buffer.from(`iv-and-aes-gcm-output-of-${label}`).toString('base64');
const actions = (done: number, total: number) =>
  Array.from({ length: total }, (_, i) => ({ id: i + 1, completed: i < done }));
const step = (n: number, done: number, total: number) => ({
  program: 'SAA',
  track: '12-steps',
  step_number: n,
  step_title: `Step ${n}`,
  completed: done === total,
  data: { actions: actions(done, total), encryptedData: cipher(`step-${n}`), encrypted: true },
});
const inventory = (type: string, count: number) => ({
  inventory_type: type,
  version: `${type}-current`,
  items: [{ _type: 'completion_status', completed: true, timestamp: '2026-11-21T10:00:00.000Z' }],
  encryptedData: cipher(type),
  encrypted: true,
  entry_count: count,
});
const backup = {
  steps: [step(1, 6, 6), step(2, 1, 4), step(5, 0, 3)],
  inventories: [inventory('resentments', 3), inventory('fears', 1), inventory('harms', 2)],
};

async function snapshot(auth = token) {
  const progress = (await get(t, '/api/progress/SAA', auth)).json().progress as Array<
    Record<string, unknown>
  >;
  const steps = progress.map(({ step_number, completed, data }) => ({ step_number, completed, data }));
  const inventories: unknown[] = [];
  for (const type of ['resentments', 'fears', 'harms']) {
    const reply = (await get(t, `/api/get_inventory_encrypted/${type}/${type}-current`, auth)).json();
    inventories.push({
      type,
      encryptedData: reply.encryptedData,
      entry_count: reply.entry_count,
      completed: reply.completed,
    });
  }
  return { steps, inventories };
}

type Step = { step_number: number; data: { encryptedData?: string } };
const withData = (steps: unknown[]) => (steps as Step[]).filter((s) => s.data.encryptedData !== undefined);

describe('POST /api/backup/restore', () => {
  it('writes every step and inventory, readable exactly as saved', async () => {
    const res = await post(t, '/api/backup/restore', backup, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Progress restored', steps: 3, inventories: 3 });
    const after = await snapshot();
    expect(withData(after.steps)).toEqual(
      backup.steps.map((s) => ({ step_number: s.step_number, completed: s.completed, data: s.data })),
    );
    expect(after.inventories).toEqual([
      { type: 'resentments', encryptedData: cipher('resentments'), entry_count: 3, completed: true },
      { type: 'fears', encryptedData: cipher('fears'), entry_count: 1, completed: true },
      { type: 'harms', encryptedData: cipher('harms'), entry_count: 2, completed: true },
    ]);
  });

  it("keeps the backup's step dates, and the save's own dates where the backup has none", async () => {
    const dated = {
      ...step(1, 6, 6),
      started_at: '2025-01-02T00:00:00.000Z',
      completed_at: '2025-02-03T00:00:00.000Z',
    };
    const undated = { ...step(2, 1, 4), started_at: null };
    const res = await post(
      t,
      '/api/backup/restore',
      { steps: [dated, undated, step(5, 1, 3)], inventories: [] },
      token,
    );
    expect(res.statusCode).toBe(200);
    const progress = (await get(t, '/api/progress/SAA', token)).json().progress;
    const byNumber = (n: number) => progress.find((s: { step_number: number }) => s.step_number === n);
    expect(byNumber(1)).toMatchObject({ started_at: dated.started_at, completed_at: dated.completed_at });
    expect(byNumber(2)).toMatchObject({ started_at: null, completed_at: null });
    expect(byNumber(5).started_at).toEqual(expect.any(String));

    const backwards = { ...dated, completed_at: '2024-12-31T00:00:00.000Z' };
    const refused = await post(
      t,
      '/api/backup/restore',
      { overwrite: true, steps: [backwards], inventories: [] },
      token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/completed_at cannot be before started_at/);
    const notADate = await post(
      t,
      '/api/backup/restore',
      { overwrite: true, steps: [{ ...dated, started_at: 'soon' }], inventories: [] },
      token,
    );
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().detail).toMatch(/started_at must be an ISO date-time/);
  });

  it('refuses with 409 when data exists and overwrite was not asked, and replaces it when it was', async () => {
    expect((await post(t, '/api/progress/step', step(3, 1, 3), token)).statusCode).toBe(200);
    const before = await snapshot();
    const refused = await post(t, '/api/backup/restore', backup, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'data_exists', detail: expect.stringMatching(/overwrite/) });
    expect(await snapshot()).toEqual(before);

    const replaced = await post(t, '/api/backup/restore', { ...backup, overwrite: true }, token);
    expect(replaced.statusCode).toBe(200);
    const after = await snapshot();
    expect(withData(after.steps).map((s) => s.step_number)).toEqual([1, 2, 5]);
    expect(after.steps.find((s) => s.step_number === 3)).toMatchObject({
      completed: false,
      data: { actions: [], encrypted: false },
    });
  });

  it('leaves everything unchanged when a record in the middle is refused', async () => {
    await post(t, '/api/backup/restore', backup, token);
    const before = await snapshot();
    const bad = { ...step(4, 1, 3), completed: true };
    const res = await post(
      t,
      '/api/backup/restore',
      { overwrite: true, steps: [step(1, 0, 6), bad, step(6, 3, 3)], inventories: [inventory('fears', 9)] },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/completed must be true exactly when/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad bodies with a readable detail and changes nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ steps: 'x', inventories: [] }, /steps/],
      [{ steps: [step(1, 0, 6), step(1, 0, 6)], inventories: [] }, /appears twice/],
      [{ steps: [{ ...step(1, 0, 6), program: 'AA' }], inventories: [] }, /SAA 12-step track only/],
      [
        {
          steps: [{ ...step(2, 0, 4), data: { actions: [], encryptedData: 'not base64!', encrypted: true } }],
          inventories: [],
        },
        /base64/,
      ],
      [
        {
          steps: [{ ...step(2, 0, 4), data: { actions: [], secret: 'plain', encrypted: false } }],
          inventories: [],
        },
        /steps/,
      ],
      [
        { steps: [], inventories: [{ ...inventory('fears', 1), items: [{ fear: 'plain text' }] }] },
        /inventories/,
      ],
      [{ steps: [], inventories: [{ ...inventory('fears', 1), version: 'fears-2025' }] }, /current/],
      [{ steps: [], inventories: [inventory('fears', 1), inventory('fears', 2)] }, /appears twice/],
      [{ steps: [], inventories: [], overwrite: 'yes' }, /overwrite/],
    ];
    for (const [body, detail] of cases) {
      const res = await post(t, '/api/backup/restore', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      payload: '{"steps": [',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(withData((await snapshot()).steps)).toEqual([]);
  });

  it('bounds each ciphertext and the whole body', async () => {
    const bigStep = {
      ...step(2, 0, 4),
      data: { actions: [], encryptedData: 'A'.repeat(400_004), encrypted: true },
    };
    const tooLong = await post(t, '/api/backup/restore', { steps: [bigStep], inventories: [] }, token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toMatch(/at most 400000/);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      payload: JSON.stringify({ steps: [], inventories: [], padding: 'A'.repeat(MAX_RESTORE_BODY) }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('body_too_large');
  });

  it('needs a session', async () => {
    const res = await post(t, '/api/backup/restore', backup);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('No authentication token found');
    expect((await post(t, '/api/backup/clear', undefined)).statusCode).toBe(401);
  });
});

const put = (url: string, payload: unknown, auth = token) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${auth}` },
  });

/** The circles, abstinence record and check-ins as a backup carries them, each its own ciphertext. */
const recoveryTools = {
  circles: [
    { version: 1, createdAt: '2025-06-01T08:00:00.000Z', ciphertext: cipher('circles-version-1') },
    { version: 2, createdAt: '2025-07-15T20:30:00.000Z', ciphertext: cipher('circles-version-2') },
    { version: 5, createdAt: '2025-09-02T07:00:00.000Z', ciphertext: cipher('circles-version-5') },
  ],
  abstinence: { ciphertext: cipher('abstinence-periods') },
  checkIns: [
    { day: '2025-09-01', ciphertext: cipher('check-in-2025-09-01') },
    { day: '2025-09-03', ciphertext: cipher('check-in-2025-09-03') },
  ],
};

/** What the person's own pages read back of their circles, abstinence record and check-ins. */
async function tools(auth = token) {
  const circles = (await get(t, '/api/circles', auth)).json().versions;
  const abstinence = (await get(t, '/api/abstinence', auth)).json().abstinence;
  const checkIns = (await get(t, '/api/check-ins', auth)).json().checkIns;
  return {
    circles,
    abstinence,
    checkIns: checkIns.map(({ day, ciphertext }: { day: string; ciphertext: string }) => ({
      day,
      ciphertext,
    })),
  };
}

/** Saves circles (two versions), abstinence dates and a check-in through their own routes. */
async function saveOwnTools(auth = token) {
  expect(
    (await post(t, '/api/circles', { basedOn: null, ciphertext: cipher('own-circles-1') }, auth)).statusCode,
  ).toBe(201);
  expect(
    (await post(t, '/api/circles', { basedOn: 1, ciphertext: cipher('own-circles-2') }, auth)).statusCode,
  ).toBe(201);
  expect(
    (await put('/api/abstinence', { revision: 0, ciphertext: cipher('own-abstinence') }, auth)).statusCode,
  ).toBe(200);
  expect(
    (await put('/api/check-ins/2026-03-01', { ciphertext: cipher('own-check-in') }, auth)).statusCode,
  ).toBe(200);
}

describe('restoring the circles, abstinence dates and check-ins', () => {
  it('writes them with the steps and inventories, readable exactly as saved', async () => {
    const res = await post(t, '/api/backup/restore', { ...backup, ...recoveryTools }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Progress restored',
      steps: 3,
      inventories: 3,
      circleVersions: 3,
      abstinence: true,
      checkIns: 2,
    });
    const after = await tools();
    expect(after.circles).toEqual(recoveryTools.circles);
    expect(after.abstinence).toMatchObject({ ciphertext: cipher('abstinence-periods'), revision: 1 });
    expect(after.checkIns).toEqual(recoveryTools.checkIns);
    expect(withData((await snapshot()).steps)).toHaveLength(3);

    // The next save of the circles follows the newest restored version.
    const next = await post(t, '/api/circles', { basedOn: 5, ciphertext: cipher('after-restore') }, token);
    expect(next.json()).toMatchObject({ version: 6 });
  });

  it('brings back years of check-ins, every day as it was', async () => {
    const years = Array.from({ length: 1_200 }, (_, i) => ({
      day: new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      ciphertext: cipher(`night-${i}`),
    }));
    const res = await post(t, '/api/backup/restore', { ...backup, checkIns: years }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checkIns: 1_200 });
    expect((await tools()).checkIns).toEqual(years);
  });

  it('counts them as data: without overwrite the restore is refused and nothing changes', async () => {
    await saveOwnTools();
    const before = await tools();
    const refused = await post(t, '/api/backup/restore', { ...backup, ...recoveryTools }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'data_exists', detail: expect.stringMatching(/overwrite/) });
    expect(await tools()).toEqual(before);
    expect(withData((await snapshot()).steps)).toEqual([]);
    for (const part of ['circles', 'abstinence', 'checkIns'] as const) {
      const one = await post(t, '/api/backup/restore', { ...backup, [part]: recoveryTools[part] }, token);
      expect(one.statusCode, part).toBe(409);
    }
  });

  it('leaves them as they are when the restore does not carry them', async () => {
    await saveOwnTools();
    const before = await tools();
    const res = await post(t, '/api/backup/restore', backup, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Progress restored', steps: 3, inventories: 3 });
    expect(await tools()).toEqual(before);
  });

  it('replaces them with overwrite, and an empty part leaves none', async () => {
    await saveOwnTools();
    const replaced = await post(
      t,
      '/api/backup/restore',
      { ...backup, ...recoveryTools, overwrite: true },
      token,
    );
    expect(replaced.statusCode).toBe(200);
    const after = await tools();
    expect(after.circles).toEqual(recoveryTools.circles);
    expect(after.checkIns).toEqual(recoveryTools.checkIns);
    // The next revision: a window still holding the old record is told it is stale.
    expect(after.abstinence).toMatchObject({ ciphertext: cipher('abstinence-periods'), revision: 2 });
    const stale = await put('/api/abstinence', { revision: 1, ciphertext: cipher('old-window') });
    expect(stale.statusCode).toBe(409);

    const emptied = await post(
      t,
      '/api/backup/restore',
      { ...backup, overwrite: true, circles: [], abstinence: null, checkIns: [] },
      token,
    );
    expect(emptied.json()).toMatchObject({ circleVersions: 0, abstinence: false, checkIns: 0 });
    expect(await tools()).toEqual({ circles: [], abstinence: null, checkIns: [] });
    // Nothing saved any more, so the next restore needs no overwrite.
    expect((await post(t, '/api/backup/clear', { password: AUTH_VALUE }, token)).statusCode).toBe(200);
    expect((await post(t, '/api/backup/restore', { ...backup, ...recoveryTools }, token)).statusCode).toBe(
      200,
    );
  });

  it('writes nothing when a record is refused on the way', async () => {
    await saveOwnTools();
    const before = await tools();
    const bad = { ...step(4, 1, 3), completed: true };
    const res = await post(
      t,
      '/api/backup/restore',
      { overwrite: true, steps: [step(1, 0, 6), bad], inventories: [], ...recoveryTools },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(await tools()).toEqual(before);
  });

  it('refuses bad parts with a readable detail and writes nothing', async () => {
    const [v1, v2] = recoveryTools.circles;
    const [day1] = recoveryTools.checkIns;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ circles: [v1, { ...v2, version: 1 }] }, /Circles version 1 appears twice/],
      [{ circles: [{ ...v1, version: 0 }] }, /version must be at least 1/],
      [{ circles: [{ ...v1, createdAt: 'last spring' }] }, /createdAt must be an ISO date-time/],
      [
        { circles: [{ ...v1, ciphertext: 'inner circle: my own words, written in plain text' }] },
        /circles.*base64/,
      ],
      [{ circles: 'all of them' }, /circles/],
      [{ abstinence: { ciphertext: 'A'.repeat(400_004) } }, /at most 400000/],
      [{ abstinence: 'since June' }, /abstinence/],
      [{ checkIns: [day1, day1] }, /The check-in of 2025-09-01 appears twice/],
      [{ checkIns: [{ ...day1, day: '2025-02-30' }] }, /day must be a real date/],
      [
        { checkIns: [{ ...day1, day: '2099-01-01' }] },
        /not a later one\. This backup has one for 2099-01-01\./,
      ],
      [{ checkIns: [{ ...day1, ciphertext: 'A'.repeat(80_004) }] }, /at most 80000/],
    ];
    for (const [parts, detail] of cases) {
      // Past the hourly limit on restores: each case in an hour of its own.
      t.advance(60 * 60 * 1000);
      const res = await post(t, '/api/backup/restore', { ...backup, ...parts }, token);
      expect(res.statusCode, JSON.stringify(parts).slice(0, 200)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    const many = Array.from({ length: 8001 }, (_, i) => ({
      day: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      ciphertext: cipher('night'),
    }));
    t.advance(60 * 60 * 1000);
    const tooMany = await post(t, '/api/backup/restore', { ...backup, checkIns: many }, token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/at most 8000 check-ins/);
    expect(await tools()).toEqual({ circles: [], abstinence: null, checkIns: [] });
    expect(withData((await snapshot()).steps)).toEqual([]);
  });

  it("leaves another person's circles, abstinence dates and check-ins untouched", async () => {
    const other = await newUser(t, 'other-tools@example.com');
    await saveOwnTools(other);
    const theirs = await tools(other);
    await post(t, '/api/backup/restore', { ...backup, ...recoveryTools, overwrite: true }, token);
    await post(
      t,
      '/api/backup/restore',
      { ...backup, overwrite: true, circles: [], abstinence: null, checkIns: [] },
      token,
    );
    expect(await tools(other)).toEqual(theirs);
    // Their data does not count as this person's: once this person's is cleared, restoring needs no overwrite.
    await post(t, '/api/backup/clear', { password: AUTH_VALUE }, token);
    expect((await post(t, '/api/backup/restore', { ...backup, ...recoveryTools }, token)).statusCode).toBe(
      200,
    );
    expect(await tools(other)).toEqual(theirs);
  });
});

describe('POST /api/backup/clear', () => {
  it('resets steps 1 to 12 and empties the three inventories, in one go', async () => {
    await post(t, '/api/backup/restore', backup, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backup/clear',
      payload: { password: AUTH_VALUE },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Progress cleared' });
    const after = await snapshot();
    expect(after.steps).toHaveLength(12);
    for (const s of after.steps)
      expect(s).toMatchObject({ completed: false, data: { actions: [], encrypted: false } });
    expect(after.inventories).toEqual(
      ['resentments', 'fears', 'harms'].map((type) => ({
        type,
        encryptedData: undefined,
        entry_count: 0,
        completed: false,
      })),
    );
    const journey = (await get(t, '/api/progress/journey', token)).json();
    expect(journey.steps.every((s: { started_at: unknown }) => s.started_at === null)).toBe(true);

    const restore = await post(t, '/api/backup/restore', backup, token);
    expect(restore.statusCode).toBe(200);
  });
});

describe("another user's data", () => {
  it('is untouched by a restore and a clear', async () => {
    const other = await newUser(t, 'other@example.com');
    await post(t, '/api/backup/restore', backup, other);
    const theirs = await snapshot(other);

    await post(t, '/api/backup/restore', { ...backup, steps: [step(7, 3, 3)], overwrite: true }, token);
    await t.app.inject({
      method: 'POST',
      url: '/api/backup/clear',
      payload: { password: AUTH_VALUE },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await snapshot(other)).toEqual(theirs);

    // The other user's data does not count as this user's: restoring needs no overwrite.
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
  });
});

describe('a clear needs the password again, and keeps a copy aside', () => {
  const clear = (payload: unknown, auth = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/backup/clear',
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${auth}` },
    });
  const everything = async () => ({
    ...(await snapshot()),
    circles: (await get(t, '/api/circles', token)).json(),
    abstinence: (await get(t, '/api/abstinence', token)).json(),
    checkIns: (await get(t, '/api/check-ins', token)).json(),
    keptAside: (await get(t, '/api/kept-aside', token)).json(),
  });
  async function saveEverything() {
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
    expect(
      (await post(t, '/api/circles', { basedOn: null, ciphertext: cipher('circles') }, token)).statusCode,
    ).toBe(201);
    expect((await put('/api/abstinence', { revision: 0, ciphertext: cipher('abstinence') })).statusCode).toBe(
      200,
    );
    expect((await put('/api/check-ins/2026-01-15', { ciphertext: cipher('night') })).statusCode).toBe(200);
  }

  it('refuses a token alone, with no body or an empty one, and deletes nothing', async () => {
    await saveEverything();
    const before = await everything();
    for (const payload of [undefined, {}]) {
      const res = await clear(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'reauth_required',
        detail: 'Please enter your password to confirm this.',
      });
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses a wrong password and deletes nothing', async () => {
    await saveEverything();
    const before = await everything();
    const res = await clear({ password: 'd3JvbmctYXV0aC12YWx1ZS1vZi1hLXRoaWVm' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'invalid_credentials',
      detail: 'Your current password is not right.',
    });
    expect(await everything()).toEqual(before);
  });

  it('clears with the right password, keeping the writing aside where it can be put back', async () => {
    await saveEverything();
    const res = await clear({ password: AUTH_VALUE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Progress cleared' });
    const after = await snapshot();
    expect(withData(after.steps)).toEqual([]);
    expect(after.inventories.every((i) => (i as { entry_count: number }).entry_count === 0)).toBe(true);

    const items = (await get(t, '/api/kept-aside', token)).json().items as Array<Record<string, unknown>>;
    const kept = items.map(({ kind, step_number, inventory_type, encryptedData }) => ({
      kind,
      where: step_number ?? inventory_type,
      encryptedData,
    }));
    expect(kept).toEqual(
      expect.arrayContaining([
        { kind: 'step', where: 1, encryptedData: cipher('step-1') },
        { kind: 'step', where: 2, encryptedData: cipher('step-2') },
        { kind: 'step', where: 5, encryptedData: cipher('step-5') },
        { kind: 'inventory', where: 'resentments', encryptedData: cipher('resentments') },
        { kind: 'inventory', where: 'fears', encryptedData: cipher('fears') },
        { kind: 'inventory', where: 'harms', encryptedData: cipher('harms') },
      ]),
    );
    expect(kept).toHaveLength(6);

    // Put back the way any kept-aside writing is.
    for (const item of items) {
      const back = await post(t, `/api/kept-aside/${item.id}/put-back`, undefined, token);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toEqual({ keptAside: null });
    }
    const restored = await snapshot();
    expect(withData(restored.steps).map((s) => [s.step_number, s.data.encryptedData])).toEqual([
      [1, cipher('step-1')],
      [2, cipher('step-2')],
      [5, cipher('step-5')],
    ]);
    expect(restored.inventories).toEqual([
      { type: 'resentments', encryptedData: cipher('resentments'), entry_count: 3, completed: true },
      { type: 'fears', encryptedData: cipher('fears'), entry_count: 1, completed: true },
      { type: 'harms', encryptedData: cipher('harms'), entry_count: 2, completed: true },
    ]);
  });

  it('keeps the circles, abstinence dates and check-ins aside too, and puts them back', async () => {
    await saveEverything();
    const before = await everything();
    expect((await clear({ password: AUTH_VALUE })).statusCode).toBe(200);
    expect((await get(t, '/api/check-ins', token)).json()).toEqual({ checkIns: [] });

    const kept = (await get(t, '/api/kept-aside/tools', token)).json().items;
    expect(kept).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        circleVersions: 1,
        abstinence: true,
        checkIns: 1,
      },
    ]);
    const back = await post(t, `/api/kept-aside/tools/${kept[0].id}/put-back`, undefined, token);
    expect(back.statusCode, back.body).toBe(200);
    // Nothing was there after the clear, so nothing new is kept aside.
    expect(back.json()).toEqual({ keptAside: null });
    const after = await everything();
    expect(after.circles).toEqual(before.circles);
    expect(after.abstinence.abstinence.ciphertext).toBe(cipher('abstinence'));
    expect(
      after.checkIns.checkIns.map((c: { day: string; ciphertext: string }) => [c.day, c.ciphertext]),
    ).toEqual([['2026-01-15', cipher('night')]]);
    expect((await get(t, '/api/kept-aside/tools', token)).json()).toEqual({ items: [] });
  });
});

describe('a restore keeps aside what it replaces', () => {
  it('keeps each replaced step and inventory aside, restorable', async () => {
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
    const stepTwo = step(2, 2, 4);
    const newer = {
      ...backup,
      steps: [{ ...stepTwo, data: { ...stepTwo.data, encryptedData: cipher('step-2-newer') } }],
      inventories: [inventory('fears', 4)],
      overwrite: true,
    };
    const res = await post(t, '/api/backup/restore', newer, token);
    expect(res.statusCode, res.body).toBe(200);

    const items = (await get(t, '/api/kept-aside', token)).json().items as Array<Record<string, unknown>>;
    const kept = items.map(({ kind, step_number, inventory_type, encryptedData }) => ({
      kind,
      where: step_number ?? inventory_type,
      encryptedData,
    }));
    expect(kept).toHaveLength(6);
    expect(kept).toEqual(
      expect.arrayContaining([
        { kind: 'step', where: 1, encryptedData: cipher('step-1') },
        { kind: 'step', where: 2, encryptedData: cipher('step-2') },
        { kind: 'step', where: 5, encryptedData: cipher('step-5') },
        { kind: 'inventory', where: 'resentments', encryptedData: cipher('resentments') },
        { kind: 'inventory', where: 'fears', encryptedData: cipher('fears') },
        { kind: 'inventory', where: 'harms', encryptedData: cipher('harms') },
      ]),
    );
    // Putting step 2 back keeps the restored one aside in its place: nothing is dropped either way.
    const two = items.find((i) => i.step_number === 2);
    const back = await post(t, `/api/kept-aside/${two?.id}/put-back`, undefined, token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().keptAside).toMatchObject({
      kind: 'step',
      step_number: 2,
      encryptedData: cipher('step-2-newer'),
    });
    const steps = withData((await snapshot()).steps);
    expect(steps.map((s) => [s.step_number, s.data.encryptedData])).toEqual([[2, cipher('step-2')]]);
  });

  it('keeps the circles, abstinence dates and check-ins it replaces aside, and leaves out the parts it does not carry', async () => {
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
    expect(
      (await post(t, '/api/circles', { basedOn: null, ciphertext: cipher('mine') }, token)).statusCode,
    ).toBe(201);
    expect((await put('/api/check-ins/2026-01-15', { ciphertext: cipher('my night') })).statusCode).toBe(200);
    // A restore that carries only the check-ins and the circles (the abstinence part is left alone).
    const res = await post(
      t,
      '/api/backup/restore',
      {
        ...backup,
        overwrite: true,
        circles: [],
        checkIns: [{ day: '2025-09-01', ciphertext: cipher('old night') }],
      },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = (await get(t, '/api/kept-aside/tools', token)).json().items;
    expect(kept).toMatchObject({ circleVersions: 1, abstinence: null, checkIns: 1 });

    // Putting it back keeps what the restore wrote aside in its place.
    const back = await post(t, `/api/kept-aside/tools/${kept.id}/put-back`, undefined, token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().keptAside).toMatchObject({ circleVersions: 0, abstinence: null, checkIns: 1 });
    const days = (await get(t, '/api/check-ins', token)).json().checkIns;
    expect(days.map((c: { day: string; ciphertext: string }) => [c.day, c.ciphertext])).toEqual([
      ['2026-01-15', cipher('my night')],
    ]);
    expect((await get(t, '/api/circles', token)).json().versions).toHaveLength(1);
  });

  it('refuses, and writes nothing, when the copies would not fit among the earlier writing', async () => {
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
    for (let i = 0; i < MAX_KEPT_ASIDE_ITEMS - 2; i++) {
      await post(
        t,
        '/api/progress/step',
        { ...step(9, 0, 3), data: { ...step(9, 0, 3).data, encryptedData: cipher(`nine-${i}`) } },
        token,
      );
      expect(
        (
          await post(
            t,
            '/api/kept-aside',
            { kind: 'step', program: 'SAA', track: '12-steps', step_number: 9 },
            token,
          )
        ).statusCode,
      ).toBe(200);
    }
    const before = await snapshot();
    const res = await post(t, '/api/backup/restore', { ...backup, overwrite: true }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'too_many_kept_aside' });
    expect(res.json().detail).toBe(BACKUP_MESSAGES.keptAsideFull(6, 2));
    expect(await snapshot()).toEqual(before);
    expect((await get(t, '/api/kept-aside', token)).json().items).toHaveLength(MAX_KEPT_ASIDE_ITEMS - 2);
  });
});
