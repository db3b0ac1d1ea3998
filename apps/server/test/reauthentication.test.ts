import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REAUTH_MESSAGES, REAUTH_TRIES } from '../src/features/auth/reauthenticate.ts';
import { difference, snapshot } from './abuse/dbSnapshot.ts';
import {
  AUTH_VALUE,
  get,
  keyRecordBody,
  newUser,
  post,
  startTestApp,
  type TestApp,
  WRAPPED_KEY,
} from './helpers.ts';

/** With a stolen session token alone, nothing that cannot be undone can be done. */
let t: TestApp;
let token: string;
const EMAIL = 'owner@example.com';
const WRONG = 'bm90LXRoZS1wYXNzd29yZC1hdC1hbGw=';
const JUNK = 'anVuay1qdW5rLWp1bmstanVuay1qdW5rLWp1bmstanVuay1qdW5rLWp1bms=';
const key = (overrides: Record<string, unknown> = {}) => keyRecordBody(EMAIL, overrides);

beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, EMAIL);
  expect((await post(t, '/api/user/keys', key(), token)).statusCode).toBe(200);
});
afterEach(async () => {
  await t.close();
});

const send = (method: 'POST' | 'DELETE', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

/** Each destructive request, given the auth value to send (or none). */
type Reply = Awaited<ReturnType<typeof send>>;
const destructive: Array<[string, (password?: string) => Promise<Reply>]> = [
  [
    're-wrapping the key',
    (password) =>
      send(
        'POST',
        '/api/user/keys',
        key({ encryptedKey: JUNK, recoveryEncryptedKey: JUNK, mode: 'rewrap', password }),
      ),
  ],
  [
    'making a new key',
    (password) => send('POST', '/api/user/keys', key({ encryptedKey: JUNK, mode: 'new-key', password })),
  ],
  [
    'deleting the key',
    (password) => send('DELETE', `/api/user/keys/${EMAIL}`, password === undefined ? {} : { password }),
  ],
  [
    'deleting the account',
    (password) =>
      send('DELETE', '/api/account', password === undefined ? { email: EMAIL } : { email: EMAIL, password }),
  ],
  [
    'changing the password',
    (password) =>
      send('POST', '/api/auth/change-password', {
        ...(password === undefined ? {} : { password }),
        new_password: 'bmV3LWF1dGgtdmFsdWUtZm9yLXRoZS1hdHRhY2tlcg==',
        kdf: { salt: 'YXR0YWNrZXJzLXNhbHQtMTY=', iterations: 600_000 },
        encryptedKey: JUNK,
      }),
  ],
  [
    'clearing all writing',
    (password) => send('POST', '/api/backup/clear', password === undefined ? {} : { password }),
  ],
];

describe('a session token alone', () => {
  for (const [what, request] of destructive) {
    it(`is not enough for ${what}: without the password, or with a wrong one, nothing changes`, async () => {
      const before = await snapshot(t.db);
      const without = await request(undefined);
      expect([400, 401]).toContain(without.statusCode);
      const wrong = await request(WRONG);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ detail: REAUTH_MESSAGES.wrong, code: 'invalid_credentials' });
      expect(difference(before, await snapshot(t.db))).toEqual([]);
      expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
    });
  }

  it('gets 50 wrong passwords at once checked at most 10 times, then is told to wait', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, () => destructive[4]?.[1](WRONG)));
    expect(replies.filter((r) => r?.statusCode === 401)).toHaveLength(REAUTH_TRIES);
    const refused = replies.filter((r) => r?.statusCode === 429);
    expect(refused).toHaveLength(50 - REAUTH_TRIES);
    expect(refused[0]?.json()).toMatchObject({ code: 'too_many_attempts' });
    expect((await destructive[4]?.[1](AUTH_VALUE))?.statusCode).toBe(429);
  });
});

describe('with the password', () => {
  it('a bad re-wrap can be undone from the earlier wrappings, which are kept', async () => {
    const bad = await destructive[0]?.[1](AUTH_VALUE);
    expect(bad?.statusCode).toBe(200);
    expect((await get(t, `/api/user/keys/${EMAIL}`, token)).json().encryptedKey).toBe(JUNK);

    const earlier = (await get(t, `/api/user/keys/${EMAIL}/wrappings`, token)).json().wrappings;
    expect(earlier).toEqual([
      expect.objectContaining({
        encryptedKey: WRAPPED_KEY,
        // The code that wrapping had is retired with it: only the password's wrapping is kept (decision 48).
        recoveryEncryptedKey: '',
        kdf: expect.any(Object),
      }),
    ]);
    const undo = await send('POST', '/api/user/keys', key({ mode: 'rewrap', password: AUTH_VALUE }));
    expect(undo.statusCode).toBe(200);
    expect((await get(t, `/api/user/keys/${EMAIL}`, token)).json()).toMatchObject({
      encryptedKey: WRAPPED_KEY,
      keyVersion: 1,
    });
  });

  it('deleting the key removes the active one only: earlier keys stay for the writing they lock', async () => {
    await destructive[1]?.[1](AUTH_VALUE);
    const removed = await destructive[2]?.[1](AUTH_VALUE);
    expect(removed?.statusCode).toBe(200);
    const rows = await t.db.selectFrom('user_keys').select(['key_version', 'active']).execute();
    expect(rows).toEqual([{ key_version: 1, active: 0 }]);
    expect((await get(t, `/api/user/keys/${EMAIL}/inactive`, token)).json().keys).toHaveLength(1);
  });

  it('keeps at most 10 earlier wrappings per key', async () => {
    for (let i = 0; i < 12; i++) {
      const wrapping = Buffer.from(`wrapping-number-${i}-of-a-data-key-40-bytes`).toString('base64');
      await send(
        'POST',
        '/api/user/keys',
        key({ encryptedKey: wrapping, mode: 'rewrap', password: AUTH_VALUE }),
      );
    }
    expect((await get(t, `/api/user/keys/${EMAIL}/wrappings`, token)).json().wrappings).toHaveLength(10);
  });
});
