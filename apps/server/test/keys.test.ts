import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_MESSAGES } from '../src/features/keys/service.ts';
import {
  AUTH_VALUE,
  get,
  keyRecordBody,
  lastCode,
  newAccountKdf,
  newUser,
  post,
  RECOVERY_WRAPPED_KEY,
  startTestApp,
  type TestApp,
  WRAPPED_KEY,
} from './helpers.ts';

let t: TestApp;
let token: string;
const EMAIL = 'keys@example.com';
const record = (overrides: Record<string, unknown> = {}) => keyRecordBody(EMAIL, overrides);

beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, EMAIL);
});
afterEach(async () => {
  await t.close();
});

describe('/api/user/keys', () => {
  it('answers null before a key exists (not an error), then stores and returns the wrapped key', async () => {
    const none = await get(t, `/api/user/keys/${EMAIL}`, token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const created = await post(t, '/api/user/keys', record(), token);
    expect(created.statusCode).toBe(200);
    const accountId = (await get(t, '/api/whoami', token)).json().id;
    const expected = {
      userId: accountId,
      encryptedKey: WRAPPED_KEY,
      recoveryEncryptedKey: RECOVERY_WRAPPED_KEY,
      keyVersion: 1,
      active: true,
      kdf: await newAccountKdf(t, EMAIL),
      createdAt: '2026-11-21T10:00:00.000Z',
      lastUsed: '2026-11-21T10:00:00.000Z',
      recoverySavedAt: null,
    };
    expect(created.json()).toEqual(expected);
    expect((await get(t, `/api/user/keys/${EMAIL}`, token)).json()).toEqual(expected);
    // Keys are named by the account id, which outlives an e-mail change; the e-mail still works.
    expect((await get(t, `/api/user/keys/${accountId}`, token)).json()).toEqual(expected);
  });

  it('refuses a second first key, re-wraps in place, and keeps the old record inactive for a new key', async () => {
    await post(t, '/api/user/keys', record(), token);
    const again = await post(t, '/api/user/keys', record(), token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('key_exists');

    const rewrapped = await post(
      t,
      '/api/user/keys',
      record({ encryptedKey: RECOVERY_WRAPPED_KEY, mode: 'rewrap', password: AUTH_VALUE }),
      token,
    );
    expect(rewrapped.json()).toMatchObject({ keyVersion: 1, encryptedKey: RECOVERY_WRAPPED_KEY });

    const fresh = await post(t, '/api/user/keys', record({ mode: 'new-key', password: AUTH_VALUE }), token);
    expect(fresh.json()).toMatchObject({ keyVersion: 2, active: true });
    const rows = await t.db
      .selectFrom('user_keys')
      .select(['key_version', 'active'])
      .orderBy('key_version')
      .execute();
    expect(rows).toEqual([
      { key_version: 1, active: 0 },
      { key_version: 2, active: 1 },
    ]);
  });

  it('updates last-used and deletes', async () => {
    await post(t, '/api/user/keys', record(), token);
    const touched = await t.app.inject({
      method: 'PUT',
      url: `/api/user/keys/${EMAIL}/last-used`,
      headers: { authorization: `Bearer ${token}` },
      payload: { lastUsed: '2026-11-22T08:00:00.000Z' },
    });
    expect(touched.json().lastUsed).toBe('2026-11-22T08:00:00.000Z');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/keys/${EMAIL}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { password: AUTH_VALUE },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(t, `/api/user/keys/${EMAIL}`, token)).json()).toBeNull();
  });

  it("never reads or writes another user's keys", async () => {
    await post(t, '/api/user/keys', record(), token);
    const other = await newUser(t, 'other@example.com');
    expect((await get(t, `/api/user/keys/${EMAIL}`, other)).statusCode).toBe(403);
    const write = await post(t, '/api/user/keys', record({ mode: 'new-key', password: AUTH_VALUE }), other);
    expect(write.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/keys/${EMAIL}`,
      headers: { authorization: `Bearer ${other}` },
      payload: { password: AUTH_VALUE },
    });
    expect(del.statusCode).toBe(403);
    expect((await get(t, `/api/user/keys/${EMAIL}`, token)).json().keyVersion).toBe(1);
  });

  it('refuses missing tokens and malformed records without storing anything', async () => {
    expect((await get(t, `/api/user/keys/${EMAIL}`)).statusCode).toBe(401);
    const bad = [
      record({ encryptedKey: 'not base64 !!' }),
      record({ encryptedKey: 'A'.repeat(600) }),
      record({ createdAt: 'yesterday' }),
      record({ mode: 'overwrite' }),
      record({ userId: 42 }),
    ];
    for (const body of bad) {
      const res = await post(t, '/api/user/keys', body, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^(encryptedKey|createdAt|mode|userId): /);
    }
    expect(await t.db.selectFrom('user_keys').selectAll().execute()).toEqual([]);
  });
});

describe('GET /api/user/keys/:userId/inactive', () => {
  const NEW_KDF = { salt: 'bmV3LXNhbHQtYWZ0ZXItcmVzZXQ=', iterations: 600_000 };
  const NEW_AUTH = 'bmV3LWF1dGgtdmFsdWUtYWZ0ZXItdGhlLXJlc2V0LTEyMzQ=';
  const OTHER_WRAP = 'YS10aGlyZC13cmFwcGVkLWRhdGEta2V5LW9mLTQwLWJ5dGVzLWxvbmc=';

  /** The e-mailed reset, then a sign-in with the new password: the old key record no longer opens. */
  async function resetPassword(): Promise<string> {
    await post(t, '/api/auth/forgot-password', { email: EMAIL });
    const reset = await post(t, '/api/auth/reset-password', {
      email: EMAIL,
      code: lastCode(t, EMAIL),
      new_password: NEW_AUTH,
      kdf: NEW_KDF,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await post(t, '/api/auth/login', { email: EMAIL, password: NEW_AUTH });
    expect(login.statusCode, login.body).toBe(200);
    return login.json().token;
  }

  it('lists the records a new key replaced, newest first, each with the KDF it was wrapped under', async () => {
    const url = `/api/user/keys/${EMAIL}/inactive`;
    const firstKdf = await newAccountKdf(t, EMAIL);
    expect((await get(t, url, token)).json()).toEqual({ keys: [] });
    await post(t, '/api/user/keys', record(), token);
    expect((await get(t, url, token)).json()).toEqual({ keys: [] });

    const signedIn = await resetPassword();
    const fresh = { mode: 'new-key', password: NEW_AUTH };
    await post(t, '/api/user/keys', record({ encryptedKey: RECOVERY_WRAPPED_KEY, ...fresh }), signedIn);
    await post(t, '/api/user/keys', record({ encryptedKey: OTHER_WRAP, ...fresh }), signedIn);

    const res = await get(t, url, signedIn);
    expect(res.statusCode).toBe(200);
    expect(res.json().keys).toEqual([
      expect.objectContaining({
        keyVersion: 2,
        active: false,
        encryptedKey: RECOVERY_WRAPPED_KEY,
        kdf: NEW_KDF,
      }),
      expect.objectContaining({
        keyVersion: 1,
        active: false,
        encryptedKey: WRAPPED_KEY,
        kdf: firstKdf,
      }),
    ]);
    expect((await get(t, `/api/user/keys/${EMAIL}`, signedIn)).json()).toMatchObject({
      keyVersion: 3,
      active: true,
      encryptedKey: OTHER_WRAP,
    });
  });

  it("refuses another user's records, a missing token and a malformed id", async () => {
    await post(t, '/api/user/keys', record(), token);
    await post(t, '/api/user/keys', record({ mode: 'new-key' }), token);
    const other = await newUser(t, 'other@example.com');
    const theirs = await get(t, `/api/user/keys/${EMAIL}/inactive`, other);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().detail).toBe(KEY_MESSAGES.notYours);
    expect(theirs.body).not.toContain(WRAPPED_KEY);
    expect((await get(t, `/api/user/keys/${EMAIL}/inactive`)).statusCode).toBe(401);
    const malformed = await get(t, '/api/user/keys/%20/inactive', token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^params\.userId: /);
  });
});
