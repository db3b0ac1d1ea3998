import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exactCaches, type TableName } from '../src/db/exactCache.ts';
import { openDatabase } from '../src/db/index.ts';
import { AUTH_VALUE, get, newUser, post, sealed, startTestApp, type TestApp, userIdOf } from './helpers.ts';

/**
 * On SQLite, the session behind each signed-in request, a person's whole progress, their check-ins and their
 * circles are answered from a cache while nothing they were read from changed (src/db/exactCache.ts). These
 * tests read each answer first, so that it is cached, then change what it was read from in every way there
 * is, and check that the very next request sees the change: no sign-out, revocation or edit ever waits. On
 * PostgreSQL, where there is no cache, the same must hold.
 */
let t: TestApp;
let token: string;
const EMAIL = 'cached@example.com';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A cache on the same table as a route's, keyed by user (SQLite): how many times it had to read `userId`'s
 * answer, once before `writes` and once after.
 */
async function readsAfter(userId: string, table: TableName, writes: () => Promise<void>): Promise<number> {
  const cache = exactCaches<string>([table], { maxEntries: 10, keysAreUserIds: true })(t.db);
  let reads = 0;
  const read = async () => {
    reads += 1;
    return 'read';
  };
  await cache?.get(userId, read);
  await writes();
  await cache?.get(userId, read);
  return reads;
}

const step = (number: number, ciphertext: string) => ({
  program: 'SAA',
  track: '12-steps',
  step_number: number,
  step_title: `Step ${number}`,
  completed: false,
  data: { actions: [], encryptedData: ciphertext, encrypted: true },
});

async function signIn(): Promise<string> {
  const res = await post(t, '/api/auth/login', { email: EMAIL, password: AUTH_VALUE });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, EMAIL);
});
afterEach(async () => {
  await t.close();
});

describe('the session of a signed-in request', () => {
  it('ends at once on sign-out, though it was just read', async () => {
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
    expect((await post(t, '/api/auth/logout', {}, token)).statusCode).toBe(200);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(401);
  });

  it('ends at once when another of the person’s sessions ends it', async () => {
    const laptop = await signIn();
    expect((await get(t, '/api/whoami', laptop)).statusCode).toBe(200);
    const { sessions } = (await get(t, '/api/auth/sessions', token)).json();
    const other = sessions.find((s: { current: boolean }) => !s.current);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(t, '/api/whoami', laptop)).statusCode).toBe(401);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
  });

  it('ends at once when another process deactivates the account (the admin command line)', async () => {
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
    const elsewhere = openDatabase(t.databaseUrl);
    try {
      await elsewhere.db
        .updateTable('users')
        .set({ status: 'inactive' })
        .where('email', '=', EMAIL)
        .execute();
    } finally {
      await elsewhere.close();
    }
    await nextTurn();
    const res = await get(t, '/api/whoami', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_token');
  });

  it('shows a changed name at once, and ends when the session expires', async () => {
    expect((await get(t, '/api/whoami', token)).json().name).toBe('Sam');
    await t.db.updateTable('users').set({ name: 'Alex' }).where('email', '=', EMAIL).execute();
    expect((await get(t, '/api/whoami', token)).json().name).toBe('Alex');
    t.advance(t.deps.config.sessionTtlDays * 24 * 3_600_000);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(401);
  });

  it('records its last use at most once a minute while its answer is cached', async () => {
    const lastUsed = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('user_id', '=', await userIdOf(t, EMAIL))
          .execute()
      )
        .map((s) => s.last_used_at)
        .sort();
    await get(t, '/api/whoami', token);
    const before = await lastUsed();
    t.advance(61_000);
    await get(t, '/api/whoami', token);
    const after = await lastUsed();
    expect(after).not.toEqual(before);
    t.advance(1_000);
    await get(t, '/api/whoami', token);
    expect(await lastUsed()).toEqual(after);
  });
});

describe('GET /api/progress', () => {
  it('shows a saved step at once, answers the same bytes from the cache, and never another person’s', async () => {
    const other = await newUser(t, 'other@example.com');
    expect((await post(t, '/api/progress/step', step(1, 'b25l'), token)).statusCode).toBe(200);
    const first = await get(t, '/api/progress', token);
    const again = await get(t, '/api/progress', token);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(
      first.json().progress.map((s: { data: { encryptedData: string } }) => s.data.encryptedData),
    ).toEqual(['b25l']);

    expect((await post(t, '/api/progress/step', step(2, 'dHdv'), token)).statusCode).toBe(200);
    const after = (await get(t, '/api/progress', token)).json().progress;
    expect(after.map((s: { step_number: number }) => s.step_number)).toEqual([1, 2]);
    expect((await get(t, '/api/progress', other)).json()).toEqual({ progress: [] });
  });

  it('follows each person’s own saves, ticks and dates while another person saves', async () => {
    const other = await newUser(t, 'other@example.com');
    const steps = async (who: string) =>
      (await get(t, '/api/progress', who))
        .json()
        .progress.map((s: { step_number: number; data: { encryptedData?: string } }) => [
          s.step_number,
          s.data.encryptedData,
        ]);
    expect(await steps(token)).toEqual([]);
    expect(await steps(other)).toEqual([]);
    await post(t, '/api/progress/step', step(1, 'b3RoZXI='), other);
    expect(await steps(token)).toEqual([]);
    expect(await steps(other)).toEqual([[1, 'b3RoZXI=']]);
    await post(t, '/api/progress/step', step(1, 'bWluZQ=='), token);
    expect(await steps(token)).toEqual([[1, 'bWluZQ==']]);
    expect(await steps(other)).toEqual([[1, 'b3RoZXI=']]);

    const ticked = await post(
      t,
      '/api/progress/action',
      { program: 'SAA', track: '12-steps', step_number: 1, action_id: 1, completed: true },
      token,
    );
    expect(ticked.statusCode, ticked.body).toBe(200);
    const actions = (await get(t, '/api/progress', token)).json().progress[0].data.actions;
    expect(actions).toEqual([{ id: 1, completed: true }]);
    const dated = await t.app.inject({
      method: 'PUT',
      url: '/api/progress/step/1/dates',
      headers: { authorization: `Bearer ${token}` },
      payload: { program: 'SAA', track: '12-steps', started_at: '2026-01-05T00:00:00.000Z' },
    });
    expect(dated.statusCode, dated.body).toBe(200);
    expect((await get(t, '/api/progress', token)).json().progress[0].started_at).toBe(
      '2026-01-05T00:00:00.000Z',
    );
    expect((await get(t, '/api/progress', other)).json().progress[0].started_at).not.toBe(
      '2026-01-05T00:00:00.000Z',
    );
  });

  it.skipIf(onPostgres)(
    'stays cached through another person’s step save, not through one’s own (SQLite)',
    async () => {
      const other = await newUser(t, 'other@example.com');
      const me = await userIdOf(t, EMAIL);
      const save = async (who: string) => {
        expect((await post(t, '/api/progress/step', step(1, 'c2F2ZWQ='), who)).statusCode).toBe(200);
      };
      expect(await readsAfter(me, 'step_progress', () => save(other))).toBe(1);
      expect(await readsAfter(me, 'step_progress', () => save(token))).toBe(2);
    },
  );

  it('shows what another process wrote, from the next turn on', async () => {
    expect((await get(t, '/api/progress', token)).json()).toEqual({ progress: [] });
    await post(t, '/api/progress/step', step(3, 'dGhyZWU='), token);
    const cached = (await get(t, '/api/progress', token)).json().progress;
    expect(cached).toHaveLength(1);
    const elsewhere = openDatabase(t.databaseUrl);
    try {
      await elsewhere.db.deleteFrom('step_progress').execute();
    } finally {
      await elsewhere.close();
    }
    await nextTurn();
    expect((await get(t, '/api/progress', token)).json()).toEqual({ progress: [] });
  });
});

describe('GET /api/check-ins and GET /api/circles', () => {
  const send = (method: 'PUT' | 'DELETE', day: string, who: string, ciphertext?: string) =>
    t.app.inject({
      method,
      url: `/api/check-ins/${day}`,
      ...(ciphertext === undefined ? {} : { payload: { ciphertext } }),
      headers: { authorization: `Bearer ${who}` },
    });
  const days = async (who: string) =>
    (await get(t, '/api/check-ins', who))
      .json()
      .checkIns.map((c: { day: string; ciphertext: string }) => [c.day, c.ciphertext]);
  const saveCircles = async (basedOn: number | null, label: string, who: string) => {
    const res = await post(t, '/api/circles', { basedOn, ciphertext: sealed(label) }, who);
    expect(res.statusCode, res.body).toBe(201);
  };
  const versions = async (who: string) =>
    (await get(t, '/api/circles', who))
      .json()
      .versions.map((v: { version: number; ciphertext: string }) => [v.version, v.ciphertext]);

  it('follow each person’s own saves and deletes while another person saves', async () => {
    const other = await newUser(t, 'other@example.com');
    expect(await days(token)).toEqual([]);
    expect(await versions(token)).toEqual([]);

    expect((await send('PUT', '2026-11-01', other, sealed('theirs'))).statusCode).toBe(200);
    await saveCircles(null, 'their circles', other);
    expect(await days(token)).toEqual([]);
    expect(await versions(token)).toEqual([]);

    expect((await send('PUT', '2026-11-01', token, sealed('mine'))).statusCode).toBe(200);
    await saveCircles(null, 'my circles', token);
    expect(await days(token)).toEqual([['2026-11-01', sealed('mine')]]);
    expect(await versions(token)).toEqual([[1, sealed('my circles')]]);

    expect((await send('PUT', '2026-11-01', token, sealed('mine, edited'))).statusCode).toBe(200);
    await saveCircles(1, 'my circles, second', token);
    expect(await days(token)).toEqual([['2026-11-01', sealed('mine, edited')]]);
    expect(await versions(token)).toEqual([
      [1, sealed('my circles')],
      [2, sealed('my circles, second')],
    ]);

    expect((await send('DELETE', '2026-11-01', other)).statusCode).toBe(200);
    expect(await days(token)).toEqual([['2026-11-01', sealed('mine, edited')]]);
    expect(await days(other)).toEqual([]);
    expect((await send('DELETE', '2026-11-01', token)).statusCode).toBe(200);
    expect(await days(token)).toEqual([]);
    expect(await versions(other)).toEqual([[1, sealed('their circles')]]);
  });

  it.skipIf(onPostgres)(
    'keep a person’s cached reply through another person’s saves and deletes (SQLite)',
    async () => {
      const other = await newUser(t, 'other@example.com');
      const me = await userIdOf(t, EMAIL);
      expect(
        await readsAfter(me, 'check_ins', async () => {
          expect((await send('PUT', '2026-11-02', other, sealed('theirs'))).statusCode).toBe(200);
          expect((await send('DELETE', '2026-11-02', other)).statusCode).toBe(200);
        }),
      ).toBe(1);
      expect(await readsAfter(me, 'circles_versions', () => saveCircles(null, 'their circles', other))).toBe(
        1,
      );

      expect(
        await readsAfter(me, 'check_ins', async () => {
          expect((await send('PUT', '2026-11-02', token, sealed('mine'))).statusCode).toBe(200);
        }),
      ).toBe(2);
      expect(
        await readsAfter(me, 'check_ins', async () => {
          expect((await send('DELETE', '2026-11-02', token)).statusCode).toBe(200);
        }),
      ).toBe(2);
      expect(await readsAfter(me, 'circles_versions', () => saveCircles(null, 'my circles', token))).toBe(2);
    },
  );
});
