import { addDays, CHECK_IN_MESSAGES, MAX_CHECK_IN_CIPHERTEXT, MAX_CHECK_INS } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { difference, snapshot } from './abuse/dbSnapshot.ts';
import { get, sealed, startWithAliceAndBob, type TestApp, userIdOf } from './helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
beforeEach(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
});
afterEach(async () => {
  await t.close();
});

const send = (method: 'PUT' | 'DELETE', day: string, payload?: unknown, token: string | null = alice) =>
  t.app.inject({
    method,
    url: `/api/check-ins/${day}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const save = (day: string, ciphertext: string, token = alice) => send('PUT', day, { ciphertext }, token);
const remove = (day: string, token = alice) => send('DELETE', day, undefined, token);
const checkInsOf = async (token: string) => (await get(t, '/api/check-ins', token)).json().checkIns;
const serverToday = () => new Date(t.deps.now()).toISOString().slice(0, 10);

/** Writes `count` check-ins of Alice straight into the table, one a day from `first`. */
async function writeAlicesCheckIns(count: number, first: string) {
  const id = await userIdOf(t, 'alice@example.com');
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: id,
    day: addDays(first, i),
    ciphertext: sealed(`night ${i}`),
    updated_at: t.deps.now(),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await t.db
      .insertInto('check_ins')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

describe('GET and PUT /api/check-ins', () => {
  it('is empty at first, then lists each day once with the ciphertext as sent, oldest first', async () => {
    const empty = await get(t, '/api/check-ins', alice);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ checkIns: [] });

    const at = new Date(t.deps.now()).toISOString();
    for (const day of ['2026-03-02', '2025-12-31', '2026-03-01']) {
      const saved = await save(day, sealed(day));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ day, updatedAt: at });
    }
    expect(await checkInsOf(alice)).toEqual([
      { day: '2025-12-31', ciphertext: sealed('2025-12-31'), updatedAt: at },
      { day: '2026-03-01', ciphertext: sealed('2026-03-01'), updatedAt: at },
      { day: '2026-03-02', ciphertext: sealed('2026-03-02'), updatedAt: at },
    ]);

    t.advance(3_600_000);
    const later = new Date(t.deps.now()).toISOString();
    const replaced = await save('2026-03-01', sealed('changed my mind'));
    expect(replaced.json()).toEqual({ day: '2026-03-01', updatedAt: later });
    expect(await checkInsOf(alice)).toEqual([
      { day: '2025-12-31', ciphertext: sealed('2025-12-31'), updatedAt: at },
      { day: '2026-03-01', ciphertext: sealed('changed my mind'), updatedAt: later },
      { day: '2026-03-02', ciphertext: sealed('2026-03-02'), updatedAt: at },
    ]);
  });

  it("accepts the server's tomorrow (another time zone's today), and refuses any later day", async () => {
    const tomorrow = addDays(serverToday(), 1);
    expect((await save(serverToday(), sealed('today'))).statusCode).toBe(200);
    expect((await save(tomorrow, sealed('tomorrow'))).statusCode).toBe(200);
    const before = await snapshot(t.db);
    for (const day of [addDays(serverToday(), 2), addDays(serverToday(), 400)]) {
      const refused = await save(day, sealed('too early'));
      expect(refused.statusCode, day).toBe(400);
      expect(refused.json()).toEqual({ detail: CHECK_IN_MESSAGES.future, code: 'future_day' });
    }
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });

  it(`keeps at most ${MAX_CHECK_INS} days: a new day is refused, an existing one can still change`, async () => {
    const first = '2000-01-01';
    await writeAlicesCheckIns(MAX_CHECK_INS, first);
    const before = await snapshot(t.db);
    const full = await save(serverToday(), sealed('one more night'));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: CHECK_IN_MESSAGES.full, code: 'too_many_check_ins' });
    expect(difference(before, await snapshot(t.db))).toEqual([]);

    expect((await save(first, sealed('rewritten'))).statusCode).toBe(200);
    expect((await checkInsOf(alice))[0]).toMatchObject({ day: first, ciphertext: sealed('rewritten') });
    expect((await save(serverToday(), sealed('bob'), bob)).statusCode).toBe(200);
  });

  it('lets only one of two new days through when one place is left', async () => {
    await writeAlicesCheckIns(MAX_CHECK_INS - 1, '2000-01-01');
    const today = serverToday();
    const replies = await Promise.all([
      save(today, sealed('today')),
      save(addDays(today, -1), sealed('yesterday')),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)?.json().detail).toBe(CHECK_IN_MESSAGES.full);
    expect(await checkInsOf(alice)).toHaveLength(MAX_CHECK_INS);
  });

  it('refuses bad input with a readable detail, and changes nothing', async () => {
    await save('2026-01-15', sealed('kept'));
    const ok = { ciphertext: sealed('fine') };
    const cases: Array<[string, unknown, string]> = [
      ['2026-01-15', { ciphertext: `${'not base64!'.repeat(5)}` }, 'ciphertext: Must be base64'],
      [
        '2026-01-15',
        { ciphertext: 'A'.repeat(MAX_CHECK_IN_CIPHERTEXT + 4) },
        `ciphertext: Must be at most ${MAX_CHECK_IN_CIPHERTEXT} characters`,
      ],
      ['2026-01-15', { ciphertext: 'QUJD' }, 'ciphertext: Must be a ciphertext'],
      ['2026-01-15', { ciphertext: 7 }, 'ciphertext:'],
      ['2026-01-15', {}, 'ciphertext:'],
      ['2026-02-30', ok, 'params.day: day must be a real date written YYYY-MM-DD'],
      ['2026-13-01', ok, 'params.day: day must be a real date written YYYY-MM-DD'],
      ['2026-1-5', ok, 'params.day: day must be a real date written YYYY-MM-DD'],
      ['today', ok, 'params.day: day must be a real date written YYYY-MM-DD'],
      ['2026-01-15T00:00:00Z', ok, 'params.day: day must be a real date written YYYY-MM-DD'],
    ];
    const before = await snapshot(t.db);
    for (const [day, payload, detail] of cases) {
      const res = await send('PUT', encodeURIComponent(day), payload);
      const where = `${day} ${JSON.stringify(payload).slice(0, 60)} -> ${res.body.slice(0, 200)}`;
      expect(res.statusCode, where).toBe(400);
      expect(res.json().code, where).toBe('invalid_input');
      expect(res.json().detail, where).toContain(detail);
      expect(res.json().detail.length, where).toBeGreaterThan(10);
    }
    const badDelete = await remove('2026-02-30');
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json().detail).toBe('params.day: day must be a real date written YYYY-MM-DD');
    const huge = await save('2026-01-15', 'A'.repeat(MAX_CHECK_IN_CIPHERTEXT + 64 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.', code: 'body_too_large' });
    expect((await send('PUT', '2026-01-15', ok, null)).statusCode).toBe(401);
    expect((await send('DELETE', '2026-01-15', undefined, null)).statusCode).toBe(401);
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});

describe('DELETE /api/check-ins/:day', () => {
  it("deletes the person's own check-in of that day, and answers 404 when there is none", async () => {
    await save('2026-01-14', sealed('keep'));
    await save('2026-01-15', sealed('delete'));
    const deleted = await remove('2026-01-15');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: CHECK_IN_MESSAGES.deleted });
    expect((await checkInsOf(alice)).map((c: { day: string }) => c.day)).toEqual(['2026-01-14']);

    const again = await remove('2026-01-15');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: CHECK_IN_MESSAGES.notFound, code: 'check_in_not_found' });
  });

  it("never reaches another person's check-ins", async () => {
    await save('2026-01-15', sealed('alice night'));
    expect(await checkInsOf(bob)).toEqual([]);

    const before = await snapshot(t.db);
    const theirs = await remove('2026-01-15', bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(CHECK_IN_MESSAGES.notFound);
    expect(difference(before, await snapshot(t.db))).toEqual([]);

    // Bob's own check-in of the same day is his alone and leaves Alice's as it was.
    expect((await save('2026-01-15', sealed('bob night'), bob)).statusCode).toBe(200);
    const seenByBob = await get(t, '/api/check-ins', bob);
    expect(seenByBob.json().checkIns).toEqual([
      expect.objectContaining({ day: '2026-01-15', ciphertext: sealed('bob night') }),
    ]);
    expect(seenByBob.body).not.toContain(sealed('alice night'));
    expect((await remove('2026-01-15', bob)).statusCode).toBe(200);
    expect(await checkInsOf(alice)).toEqual([
      expect.objectContaining({ day: '2026-01-15', ciphertext: sealed('alice night') }),
    ]);
  });
});
