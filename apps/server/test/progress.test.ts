import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'steps@example.com');
});
afterEach(async () => {
  await t.close();
});

const CIPHERTEXT = Buffer.from('iv-and-aes-gcm-output-of-private-answers').toString('base64');
const actions = (done: number, total: number) =>
  Array.from({ length: total }, (_, i) => ({ id: i + 1, completed: i < done }));
const step = (stepNumber: number, done: number, total: number, extra: Record<string, unknown> = {}) => ({
  program: 'SAA',
  track: '12-steps',
  step_number: stepNumber,
  step_title: `Step ${stepNumber}`,
  completed: done === total,
  data: { actions: actions(done, total), encryptedData: CIPHERTEXT, encrypted: true },
  ...extra,
});
const put = (url: string, payload: unknown, auth = token) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${auth}` },
  });

describe('POST /api/progress/step', () => {
  it('stores the ciphertext as given, returns it on every read, and does not send it back to the saver', async () => {
    const saved = await post(t, '/api/progress/step', step(1, 2, 6), token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      program: 'SAA',
      track: '12-steps',
      step_number: 1,
      completed: false,
      sk: 'SAA#12-steps#step1',
    });
    // The save's reply leaves out the ciphertext its own request carried.
    expect(saved.json().data).toEqual({ actions: actions(2, 6), encrypted: true });
    expect(saved.body).not.toContain(CIPHERTEXT);
    expect(saved.json().started_at).toEqual(expect.any(String));
    expect(saved.json().completed_at).toBeNull();

    const all = (await get(t, '/api/progress', token)).json().progress;
    expect(all).toHaveLength(1);
    expect(all[0].data.encryptedData).toBe(CIPHERTEXT);
    expect((await get(t, '/api/progress/saa', token)).json().progress).toHaveLength(1);
    expect((await get(t, '/api/progress/AA', token)).json().progress).toHaveLength(0);
  });

  it('sets started_at on the first save that does work, completed_at on completion, clears it on undo', async () => {
    const empty = await post(
      t,
      '/api/progress/step',
      { ...step(2, 0, 4), data: { actions: actions(0, 4), encrypted: false } },
      token,
    );
    expect(empty.json().started_at).toBeNull();
    const started = (await post(t, '/api/progress/step', step(2, 1, 4), token)).json();
    expect(started.started_at).toEqual(expect.any(String));
    t.advance(60_000);
    const done = (await post(t, '/api/progress/step', step(2, 4, 4), token)).json();
    expect(done.completed).toBe(true);
    expect(done.started_at).toBe(started.started_at);
    expect(done.completed_at).toEqual(expect.any(String));
    t.advance(60_000);
    const savedAgain = (await post(t, '/api/progress/step', step(2, 4, 4), token)).json();
    expect(savedAgain.completed_at).toBe(done.completed_at);
    const undone = (await post(t, '/api/progress/step', step(2, 3, 4), token)).json();
    expect(undone.completed_at).toBeNull();
    expect(undone.started_at).toBe(started.started_at);
  });

  it('refuses forged step numbers, programs, tracks and inconsistent records, changing nothing', async () => {
    const bad = [
      step(0, 0, 3),
      step(13, 0, 3),
      { ...step(1, 0, 6), step_number: 1.5 },
      { ...step(1, 0, 6), step_number: '1' },
      { ...step(1, 0, 6), program: 'XYZ' },
      { ...step(1, 0, 6), track: 'steps-13' },
      { ...step(1, 6, 6), completed: false },
      { ...step(1, 2, 6), completed: true },
      step(1, 7, 7),
      { ...step(1, 1, 6), data: { actions: actions(1, 6), encrypted: true } },
      { ...step(1, 1, 6), data: { actions: actions(1, 6), encryptedData: 'not base64!', encrypted: true } },
      { ...step(1, 1, 6), data: { ...step(1, 1, 6).data, step2_questions: { q1: 'my private answer' } } },
      {
        ...step(1, 1, 6),
        data: {
          actions: [
            { id: 1, completed: true },
            { id: 1, completed: false },
          ],
          encrypted: false,
        },
      },
    ];
    for (const body of bad) {
      const res = await post(t, '/api/progress/step', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await get(t, '/api/progress', token)).json().progress).toEqual([]);
  });

  it('refuses an oversized body with 413', async () => {
    const huge = step(1, 1, 6);
    huge.data.encryptedData = 'A'.repeat(600_000);
    const res = await post(t, '/api/progress/step', huge, token);
    expect(res.statusCode).toBe(413);
  });

  it("keeps every user's progress to themselves", async () => {
    await post(t, '/api/progress/step', step(1, 3, 6), token);
    const other = await newUser(t, 'other@example.com');
    expect((await get(t, '/api/progress', other)).json().progress).toEqual([]);
    await post(t, '/api/progress/step', step(1, 6, 6), other);
    const mine = (await get(t, '/api/progress', token)).json().progress;
    expect(mine[0].completed).toBe(false);
    expect((await get(t, '/api/progress')).statusCode).toBe(401);
  });
});

describe('actions, status updates, program and track', () => {
  it('marks one action and keeps the ciphertext', async () => {
    await post(t, '/api/progress/step', step(5, 2, 3), token);
    const res = await post(
      t,
      '/api/progress/action',
      { program: 'SAA', track: '12-steps', step_number: 5, action_id: 3, completed: true },
      token,
    );
    expect(res.json()).toMatchObject({ completed: true, data: { encryptedData: CIPHERTEXT } });
  });

  it('keeps status updates as history and accepts program and track set-up', async () => {
    const status = {
      program: 'SAA',
      track: '12-steps',
      status_note: 'Working Step One - 2 of 6 actions completed',
    };
    expect(
      (await post(t, '/api/progress/status', { ...status, progress_milestone: 'step1_in_progress' }, token))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(t, '/api/progress/status', { ...status, progress_milestone: 'step13_done' }, token))
        .statusCode,
    ).toBe(400);
    const rows = await t.db
      .selectFrom('status_updates')
      .select(['status_note', 'progress_milestone'])
      .execute();
    expect(rows).toEqual([{ status_note: status.status_note, progress_milestone: 'step1_in_progress' }]);

    expect(
      (
        await post(
          t,
          '/api/progress/program',
          { program: 'SAA', program_description: 'Sex Addicts Anonymous' },
          token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await post(t, '/api/progress/program', { program: 'SAA' }, token)).statusCode).toBe(200);
    expect(
      (
        await post(
          t,
          '/api/progress/track',
          { program: 'SAA', track: '12-steps', track_description: 'The 12 Steps of SAA' },
          token,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('dates and journey', () => {
  it('edits dates under the step date rules', async () => {
    await post(t, '/api/progress/step', step(1, 6, 6), token);
    const ok = await put('/api/progress/step/1/dates', {
      started_at: '2026-01-05',
      completed_at: '2026-02-01',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().started_at.slice(0, 10)).toBe('2026-01-05');
    expect(ok.json().completed_at.slice(0, 10)).toBe('2026-02-01');

    const cases: Array<[unknown, string]> = [
      [{ completed_at: '2026-02-01' }, 'Please enter a start date'],
      [{ started_at: 'someday' }, 'Please enter a valid start date'],
      [{ started_at: '2999-01-01' }, 'Start date cannot be in the future'],
      [{ started_at: '2026-01-05', completed_at: 'soon' }, 'Please enter a valid completion date'],
      [{ started_at: '2026-01-05', completed_at: '2999-01-01' }, 'Completion date cannot be in the future'],
      [{ started_at: '2026-01-05', completed_at: '2026-01-01' }, 'Completion date must be after start date'],
    ];
    for (const [body, detail] of cases) {
      const res = await put('/api/progress/step/1/dates', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    expect((await put('/api/progress/step/13/dates', { started_at: '2026-01-05' })).statusCode).toBe(400);
    expect((await put('/api/progress/step/4/dates', { started_at: '2026-01-05' })).statusCode).toBe(404);
  });

  it('reports the journey with the date-tracking choice', async () => {
    await post(t, '/api/progress/step', step(1, 6, 6), token);
    await post(t, '/api/progress/step', step(2, 1, 4), token);
    const journey = (await get(t, '/api/progress/journey', token)).json();
    expect(journey.opted_out).toBe(false);
    expect(
      journey.steps.map((s: { step_number: number; completed: boolean }) => [s.step_number, s.completed]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
    const pref = await put('/api/user/preferences/date-tracking', { date_display_opted_out: true });
    expect(pref.json()).toEqual({ date_display_opted_out: true });
    expect((await get(t, '/api/progress/journey', token)).json().opted_out).toBe(true);
    expect(
      (await put('/api/user/preferences/date-tracking', { date_display_opted_out: 'yes' })).statusCode,
    ).toBe(400);
  });
});
