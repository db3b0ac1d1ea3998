import { ABSTINENCE_API_MESSAGES, MAX_ABSTINENCE_CIPHERTEXT } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { difference, snapshot } from './abuse/dbSnapshot.ts';
import { get, sealed, startWithAliceAndBob, type TestApp } from './helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
beforeEach(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
});
afterEach(async () => {
  await t.close();
});

const put = (payload: unknown, token = alice) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/abstinence',
    payload: payload as object,
    headers: { authorization: `Bearer ${token}` },
  });
const save = (revision: number, ciphertext: string, token = alice) => put({ revision, ciphertext }, token);
const recordOf = async (token: string) => (await get(t, '/api/abstinence', token)).json().abstinence;
const STALE = { detail: ABSTINENCE_API_MESSAGES.stale, code: 'stale_abstinence' };

describe('GET and PUT /api/abstinence', () => {
  it('is null before the first save, then holds the ciphertext as sent with a revision per save', async () => {
    const none = await get(t, '/api/abstinence', alice);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ abstinence: null });

    const first = await save(0, sealed('first'));
    expect(first.statusCode, first.body).toBe(200);
    const firstAt = new Date(t.deps.now()).toISOString();
    expect(first.json()).toEqual({ revision: 1, updatedAt: firstAt });
    expect(await recordOf(alice)).toEqual({ ciphertext: sealed('first'), revision: 1, updatedAt: firstAt });

    t.advance(60_000);
    const second = await save(1, sealed('second'));
    expect(second.statusCode, second.body).toBe(200);
    const secondAt = new Date(t.deps.now()).toISOString();
    expect(second.json()).toEqual({ revision: 2, updatedAt: secondAt });
    expect(await recordOf(alice)).toEqual({ ciphertext: sealed('second'), revision: 2, updatedAt: secondAt });
  });

  it("keeps each person's record to themselves", async () => {
    await save(0, sealed('alice'));
    expect(await recordOf(bob)).toBeNull();
    const bobs = await save(0, sealed('bob'), bob);
    expect(bobs.statusCode, bobs.body).toBe(200);
    expect(bobs.json().revision).toBe(1);
    const seenByBob = await get(t, '/api/abstinence', bob);
    expect(seenByBob.json().abstinence.ciphertext).toBe(sealed('bob'));
    expect(seenByBob.body).not.toContain(sealed('alice'));
    expect((await recordOf(alice)).ciphertext).toBe(sealed('alice'));
  });

  it('refuses a save of a revision that is not the stored one, and changes nothing', async () => {
    expect((await save(3, sealed('no record yet'))).json()).toEqual(STALE);
    expect(await recordOf(alice)).toBeNull();

    await save(0, sealed('first'));
    await save(1, sealed('second'));
    const before = await snapshot(t.db);
    for (const revision of [0, 1, 3, Number.MAX_SAFE_INTEGER]) {
      const stale = await save(revision, sealed('lost'));
      expect(stale.statusCode, `revision ${revision}`).toBe(409);
      expect(stale.json()).toEqual(STALE);
    }
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });

  it('lets exactly one of two saves of the same revision through', async () => {
    const firsts = await Promise.all([save(0, sealed('window A')), save(0, sealed('window B'))]);
    expect(firsts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(firsts.find((r) => r.statusCode === 409)?.json()).toEqual(STALE);
    const firstWinner = firsts[0]?.statusCode === 200 ? 'window A' : 'window B';
    expect(await recordOf(alice)).toMatchObject({ ciphertext: sealed(firstWinner), revision: 1 });

    const seconds = await Promise.all([save(1, sealed('tab A')), save(1, sealed('tab B'))]);
    expect(seconds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const secondWinner = seconds[0]?.statusCode === 200 ? 'tab A' : 'tab B';
    expect(await recordOf(alice)).toMatchObject({ ciphertext: sealed(secondWinner), revision: 2 });
  });

  it('refuses bad input with a readable detail, and changes nothing', async () => {
    await save(0, sealed('kept'));
    const ok = sealed('fine');
    const cases: Array<[unknown, string]> = [
      [{ revision: 1, ciphertext: `${'not base64!'.repeat(5)}` }, 'ciphertext: Must be base64'],
      [
        { revision: 1, ciphertext: 'A'.repeat(MAX_ABSTINENCE_CIPHERTEXT + 4) },
        `ciphertext: Must be at most ${MAX_ABSTINENCE_CIPHERTEXT} characters`,
      ],
      [{ revision: 1, ciphertext: 'QUJD' }, 'ciphertext: Must be a ciphertext'],
      [{ revision: 1, ciphertext: null }, 'ciphertext:'],
      [{ revision: '1', ciphertext: ok }, 'revision: revision must be a number'],
      [{ revision: -1, ciphertext: ok }, 'revision: revision cannot be negative'],
      [{ revision: 1.5, ciphertext: ok }, 'revision: revision must be a whole number'],
      [{ revision: 2 ** 60, ciphertext: ok }, 'revision: '],
      [{ ciphertext: ok }, 'revision: revision must be a number'],
      [{ revision: 1 }, 'ciphertext:'],
    ];
    const before = await snapshot(t.db);
    for (const [payload, detail] of cases) {
      const res = await put(payload);
      const where = `${JSON.stringify(payload).slice(0, 80)} -> ${res.body.slice(0, 200)}`;
      expect(res.statusCode, where).toBe(400);
      expect(res.json().code, where).toBe('invalid_input');
      expect(res.json().detail, where).toContain(detail);
      expect(res.json().detail.length, where).toBeGreaterThan(10);
    }
    const huge = await save(1, 'A'.repeat(MAX_ABSTINENCE_CIPHERTEXT + 64 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.', code: 'body_too_large' });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/abstinence',
      payload: { revision: 1, ciphertext: ok },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});
