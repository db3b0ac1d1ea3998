import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_VALUE, get, KDF, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const EMAIL = 'profile@example.com';
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, EMAIL, 'Jordan');
});
afterEach(async () => {
  await t.close();
});

const send = (method: 'PUT' | 'DELETE', url: string, payload: unknown, auth: string | undefined = token) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });

const KEY = {
  userId: EMAIL,
  encryptedKey: 'd3JhcHBlZC1kYXRhLWtleS1ieS1rZWstNDAtYnl0ZXMtbG9uZy1hYmM=',
  recoveryEncryptedKey: 'd3JhcHBlZC1kYXRhLWtleS1ieS1yZWNvdmVyeS1jb2RlLTQwLWJ5dGU=',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsed: '2026-11-21T10:00:00.000Z',
};

describe('/api/profile', () => {
  it('is 404 until created, then reads and updates, with member since and last login', async () => {
    expect((await get(t, '/api/profile', token)).statusCode).toBe(404);
    const created = await post(t, '/api/profile', { bio: 'One day at a time.' }, token);
    expect(created.json()).toMatchObject({
      email: EMAIL,
      display_name: 'Jordan',
      bio: 'One day at a time.',
      location: '',
      phone: '',
      date_display_opted_out: false,
    });
    expect(created.json().member_since).toEqual(expect.any(String));
    expect(created.json().last_login).toEqual(expect.any(String));

    const updated = await send('PUT', '/api/profile', { display_name: 'Jo', date_display_opted_out: true });
    expect(updated.json()).toMatchObject({
      display_name: 'Jo',
      bio: 'One day at a time.',
      date_display_opted_out: true,
    });
    expect((await get(t, '/api/whoami', token)).json().name).toBe('Jo');
    expect((await post(t, '/api/profile', {}, token)).statusCode).toBe(409);
  });

  it('refuses bad fields and keeps profiles apart', async () => {
    await post(t, '/api/profile', {}, token);
    for (const body of [{ bio: 'b'.repeat(2001) }, { phone: 'call me maybe' }, { display_name: 42 }]) {
      expect((await send('PUT', '/api/profile', body)).statusCode).toBe(400);
    }
    const other = await newUser(t, 'other@example.com');
    expect((await get(t, '/api/profile', other)).statusCode).toBe(404);
    expect((await get(t, '/api/profile')).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('needs the typed e-mail, then removes every row of the user and nobody else', async () => {
    await post(t, '/api/profile', {}, token);
    await post(t, '/api/user/keys', KEY, token);
    await post(
      t,
      '/api/progress/step',
      {
        program: 'SAA',
        track: '12-steps',
        step_number: 1,
        completed: false,
        data: { actions: [{ id: 1, completed: true }], encrypted: false },
      },
      token,
    );
    await post(t, '/api/feedback', { locationInApp: 'Home', feedbackText: 'Thanks' }, token);
    const other = await newUser(t, 'stays@example.com');

    const wrong = await send('DELETE', '/api/account', { email: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);

    const done = await send('DELETE', '/api/account', { email: 'Profile@Example.com' });
    expect(done.statusCode).toBe(200);
    expect(done.headers['clear-site-data']).toBe('"cache", "storage"');
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(401);
    for (const table of [
      'users',
      'sessions',
      'user_keys',
      'step_progress',
      'profiles',
      'auth_codes',
      'feedback',
    ] as const) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(
        rows.every((r) => !JSON.stringify(r).includes(EMAIL)),
        table,
      ).toBe(true);
    }
    expect(await t.db.selectFrom('step_progress').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('feedback').select(['user_id', 'user_email']).execute()).toEqual([
      { user_id: null, user_email: 'deleted account' },
    ]);
    expect((await get(t, '/api/whoami', other)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  const NEW_VALUE = 'bmV3LWF1dGgtdmFsdWUtYWZ0ZXItY2hhbmdl';
  const NEW_KDF = { salt: 'Y2hhbmdlZC1zYWx0LTE2Yg==', iterations: 600_000 };
  const REWRAPPED = 'cmV3cmFwcGVkLWRhdGEta2V5LXVuZGVyLW5ldy1rZWstNDBieXRlcw==';

  it('checks the current value, then changes login, kdf and key wrapping together', async () => {
    await post(t, '/api/user/keys', KEY, token);
    const other = (await post(t, '/api/auth/login', { email: EMAIL, password: AUTH_VALUE })).json().token;
    const body = { password: AUTH_VALUE, new_password: NEW_VALUE, kdf: NEW_KDF, encryptedKey: REWRAPPED };

    const wrong = await post(
      t,
      '/api/auth/change-password',
      { ...body, password: 'd3JvbmctdmFsdWU=' },
      token,
    );
    expect(wrong.statusCode).toBe(401);

    const ok = await post(t, '/api/auth/change-password', body, token);
    expect(ok.statusCode).toBe(200);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
    expect((await get(t, '/api/whoami', other)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email: EMAIL, password: NEW_VALUE })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/prelogin', { email: EMAIL })).json().salt).toBe(NEW_KDF.salt);
    const key = (await get(t, `/api/user/keys/${EMAIL}`, token)).json();
    expect(key).toMatchObject({
      encryptedKey: REWRAPPED,
      kdf: NEW_KDF,
      keyVersion: 1,
      recoveryEncryptedKey: KEY.recoveryEncryptedKey,
    });
  });

  it('changes nothing without a key record', async () => {
    const res = await post(
      t,
      '/api/auth/change-password',
      { password: AUTH_VALUE, new_password: NEW_VALUE, kdf: NEW_KDF, encryptedKey: REWRAPPED },
      token,
    );
    expect(res.statusCode).toBe(404);
    expect((await post(t, '/api/auth/prelogin', { email: EMAIL })).json().salt).toBe(KDF.salt);
  });
});

describe('POST /api/feedback', () => {
  it('stores the feedback under the signed-in account, whatever the body claims', async () => {
    const res = await post(
      t,
      '/api/feedback',
      {
        userEmail: 'someone-else@example.com',
        locationInApp: 'Step 3',
        feedbackType: 'Idea',
        feedbackText: 'A dark mode would help at night.',
        deviceInfo: {
          deviceType: 'mobile',
          browser: 'Chromium',
          browserVersion: '156',
          operatingSystem: 'Android',
        },
      },
      token,
    );
    expect(res.json()).toEqual({ message: 'Thank you!' });
    const row = await t.db.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_email: EMAIL, feedback_type: 'Idea', location: 'Step 3', reviewed: 0 });
    expect(JSON.parse(row.device_info)).toMatchObject({ deviceType: 'mobile' });
  });

  it('refuses blank text, unknown types and visitors', async () => {
    expect(
      (await post(t, '/api/feedback', { locationInApp: 'Home', feedbackText: '   ' }, token)).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          t,
          '/api/feedback',
          { locationInApp: 'Home', feedbackText: 'x', feedbackType: 'Rant' },
          token,
        )
      ).statusCode,
    ).toBe(400);
    expect((await post(t, '/api/feedback', { locationInApp: 'Home', feedbackText: 'x' })).statusCode).toBe(
      401,
    );
    expect(await t.db.selectFrom('feedback').selectAll().execute()).toEqual([]);
  });
});
