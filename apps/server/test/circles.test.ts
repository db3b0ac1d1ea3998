import {
  CIRCLES_CONFLICT_CODES,
  CIRCLES_MESSAGES,
  MAX_CIRCLES_CIPHERTEXT,
  MAX_CIRCLES_VERSIONS,
} from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { difference, snapshot } from './abuse/dbSnapshot.ts';
import { AUTH_VALUE, get, post, sealed, startWithAliceAndBob, type TestApp, userIdOf } from './helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
beforeEach(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
});
afterEach(async () => {
  await t.close();
});

const save = (basedOn: number | null, ciphertext: string, token = alice) =>
  t.app.inject({
    method: 'POST',
    url: '/api/circles',
    payload: { basedOn, ciphertext },
    headers: { authorization: `Bearer ${token}` },
  });
const versionsOf = async (token: string) => (await get(t, '/api/circles', token)).json().versions;

describe('GET and POST /api/circles', () => {
  it('is empty before the first save, then keeps every version as sent, oldest first', async () => {
    const empty = await get(t, '/api/circles', alice);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ versions: [] });

    const first = await save(null, sealed('first'));
    expect(first.statusCode, first.body).toBe(201);
    const firstAt = new Date(t.deps.now()).toISOString();
    expect(first.json()).toEqual({ version: 1, createdAt: firstAt });

    t.advance(60_000);
    const second = await save(1, sealed('second'));
    expect(second.statusCode, second.body).toBe(201);
    const secondAt = new Date(t.deps.now()).toISOString();
    expect(second.json()).toEqual({ version: 2, createdAt: secondAt });

    expect(await versionsOf(alice)).toEqual([
      { version: 1, ciphertext: sealed('first'), createdAt: firstAt },
      { version: 2, ciphertext: sealed('second'), createdAt: secondAt },
    ]);
  });

  it("keeps each person's circles to themselves, numbered on their own", async () => {
    await save(null, sealed('alice 1'));
    await save(1, sealed('alice 2'));
    expect(await versionsOf(bob)).toEqual([]);

    const bobs = await save(null, sealed('bob 1'), bob);
    expect(bobs.statusCode, bobs.body).toBe(201);
    expect(bobs.json().version).toBe(1);

    const seenByBob = await get(t, '/api/circles', bob);
    expect(seenByBob.json().versions.map((v: { ciphertext: string }) => v.ciphertext)).toEqual([
      sealed('bob 1'),
    ]);
    expect(seenByBob.body).not.toContain(sealed('alice 1'));
    expect((await versionsOf(alice)).map((v: { ciphertext: string }) => v.ciphertext)).toEqual([
      sealed('alice 1'),
      sealed('alice 2'),
    ]);
  });

  it('refuses a save that is not based on the newest version, and changes nothing', async () => {
    await save(null, sealed('first'));
    const before = await snapshot(t.db);
    for (const basedOn of [null, 2, 7]) {
      const stale = await save(basedOn, sealed('lost'));
      expect(stale.statusCode, `basedOn ${basedOn}`).toBe(409);
      expect(stale.json()).toEqual({ detail: CIRCLES_MESSAGES.stale, code: CIRCLES_CONFLICT_CODES.stale });
    }
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });

  it('lets exactly one of two saves based on the same version through', async () => {
    const firsts = await Promise.all([save(null, sealed('window A')), save(null, sealed('window B'))]);
    expect(firsts.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = firsts.find((r) => r.statusCode === 409);
    expect(lost?.json()).toEqual({ detail: CIRCLES_MESSAGES.stale, code: CIRCLES_CONFLICT_CODES.stale });
    const won = firsts.findIndex((r) => r.statusCode === 201) === 0 ? 'window A' : 'window B';
    expect(await versionsOf(alice)).toEqual([
      expect.objectContaining({ version: 1, ciphertext: sealed(won) }),
    ]);

    const seconds = await Promise.all(Array.from({ length: 10 }, (_, i) => save(1, sealed(`tab ${i}`))));
    expect(seconds.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = seconds.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const reply of refused) expect(reply.json().detail).toBe(CIRCLES_MESSAGES.stale);
    expect((await versionsOf(alice)).map((v: { version: number }) => v.version)).toEqual([1, 2]);
  });

  it(`keeps at most ${MAX_CIRCLES_VERSIONS} versions: the next save is refused, nothing is dropped`, async () => {
    const id = await userIdOf(t, 'alice@example.com');
    const rows = Array.from({ length: MAX_CIRCLES_VERSIONS }, (_, i) => ({
      user_id: id,
      version: i + 1,
      ciphertext: sealed(`version ${i + 1}`),
      created_at: t.deps.now(),
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await t.db
        .insertInto('circles_versions')
        .values(rows.slice(i, i + 250))
        .execute();
    }
    const before = await snapshot(t.db);
    const full = await save(MAX_CIRCLES_VERSIONS, sealed('one more'));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: CIRCLES_MESSAGES.full, code: CIRCLES_CONFLICT_CODES.full });
    expect(difference(before, await snapshot(t.db))).toEqual([]);
    expect(await versionsOf(alice)).toHaveLength(MAX_CIRCLES_VERSIONS);
    // Another person is not affected by anyone else's count.
    expect((await save(null, sealed('bob'), bob)).statusCode).toBe(201);
  });

  it('refuses bad input with a readable detail, and changes nothing', async () => {
    const ok = sealed('fine');
    const cases: Array<[unknown, string]> = [
      [{ basedOn: null, ciphertext: `${'not base64!'.repeat(5)}` }, 'ciphertext: Must be base64'],
      [
        { basedOn: null, ciphertext: 'A'.repeat(MAX_CIRCLES_CIPHERTEXT + 4) },
        `ciphertext: Must be at most ${MAX_CIRCLES_CIPHERTEXT} characters`,
      ],
      [{ basedOn: null, ciphertext: 'QUJD' }, 'ciphertext: Must be a ciphertext'],
      [{ basedOn: null, ciphertext: 42 }, 'ciphertext:'],
      [{ basedOn: '1', ciphertext: ok }, 'basedOn: version must be a number'],
      [{ basedOn: -1, ciphertext: ok }, 'basedOn: version must be at least 1'],
      [{ basedOn: 0, ciphertext: ok }, 'basedOn: version must be at least 1'],
      [{ basedOn: 1.5, ciphertext: ok }, 'basedOn: version must be a whole number'],
      [{ basedOn: MAX_CIRCLES_VERSIONS + 1, ciphertext: ok }, 'basedOn: version is too large'],
      [{ ciphertext: ok }, 'basedOn:'],
      [{ basedOn: null }, 'ciphertext:'],
      [[], ''],
    ];
    const before = await snapshot(t.db);
    for (const [payload, detail] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/circles',
        payload: payload as object,
        headers: { authorization: `Bearer ${alice}` },
      });
      const where = `${JSON.stringify(payload).slice(0, 80)} -> ${res.body.slice(0, 200)}`;
      expect(res.statusCode, where).toBe(400);
      expect(res.json().code, where).toBe('invalid_input');
      expect(res.json().detail, where).toContain(detail);
      expect(res.json().detail.length, where).toBeGreaterThan(5);
    }
    const huge = await save(null, 'A'.repeat(MAX_CIRCLES_CIPHERTEXT + 64 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.', code: 'body_too_large' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/circles',
      payload: { basedOn: null, ciphertext: ok },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(difference(before, await snapshot(t.db))).toEqual([]);
  });
});

describe('POST /api/backup/clear', () => {
  it("deletes the person's circles, abstinence dates and check-ins, and nobody else's", async () => {
    const put = (url: string, payload: object, token: string) =>
      t.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${token}` } });
    for (const [token, label] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      expect((await save(null, sealed(`${label} circles`), token)).statusCode).toBe(201);
      expect(
        (await put('/api/abstinence', { revision: 0, ciphertext: sealed(label) }, token)).statusCode,
      ).toBe(200);
      expect((await put('/api/check-ins/2026-01-15', { ciphertext: sealed(label) }, token)).statusCode).toBe(
        200,
      );
    }
    const bobsBefore = [
      (await get(t, '/api/circles', bob)).json(),
      (await get(t, '/api/abstinence', bob)).json(),
      (await get(t, '/api/check-ins', bob)).json(),
    ];

    const cleared = await post(t, '/api/backup/clear', { password: AUTH_VALUE }, alice);
    expect(cleared.statusCode, cleared.body).toBe(200);

    expect((await get(t, '/api/circles', alice)).json()).toEqual({ versions: [] });
    expect((await get(t, '/api/abstinence', alice)).json()).toEqual({ abstinence: null });
    expect((await get(t, '/api/check-ins', alice)).json()).toEqual({ checkIns: [] });
    expect([
      (await get(t, '/api/circles', bob)).json(),
      (await get(t, '/api/abstinence', bob)).json(),
      (await get(t, '/api/check-ins', bob)).json(),
    ]).toEqual(bobsBefore);
    // After clearing, the circles start again at version 1 and the abstinence record at revision 0.
    expect((await save(null, sealed('again'))).json().version).toBe(1);
    expect(
      (await put('/api/abstinence', { revision: 0, ciphertext: sealed('again') }, alice)).json().revision,
    ).toBe(1);
  });
});
