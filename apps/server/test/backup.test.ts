import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

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
      payload: JSON.stringify({ steps: [], inventories: [], padding: 'A'.repeat(16 * 1024 * 1024) }),
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

describe('POST /api/backup/clear', () => {
  it('resets steps 1 to 12 and empties the three inventories, in one go', async () => {
    await post(t, '/api/backup/restore', backup, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backup/clear',
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
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await snapshot(other)).toEqual(theirs);

    // The other user's data does not count as this user's: restoring needs no overwrite.
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
  });
});
