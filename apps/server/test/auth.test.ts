import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_REPLIES } from '../src/features/auth/service.ts';
import {
  AUTH_VALUE,
  get,
  KDF,
  lastCode,
  newAccountKdf,
  newUser,
  post,
  signUp,
  startTestApp,
  type TestApp,
  wrongCode,
} from './helpers.ts';

const MINUTE = 60_000;
let t: TestApp;

beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('prelogin', () => {
  it('answers a stable value of the standard shape for an unknown e-mail', async () => {
    const first = (await post(t, '/api/auth/prelogin', { email: 'nobody@example.com' })).json();
    const again = (await post(t, '/api/auth/prelogin', { email: 'Nobody@Example.com' })).json();
    expect(first).toEqual(again);
    expect(first).toEqual({ kdf: 'PBKDF2-SHA256', iterations: 600_000, salt: expect.any(String) });
    expect(first.salt).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.salt).not.toBe(
      (await post(t, '/api/auth/prelogin', { email: 'other@example.com' })).json().salt,
    );
  });
});

describe('signup and confirm', () => {
  it('mails a 6-digit code (also in the subject) and confirming signs the user in', async () => {
    const res = await post(t, '/api/auth/signup', {
      email: 'New@Example.com',
      password: AUTH_VALUE,
      name: 'Alex',
      kdf: await newAccountKdf(t, 'new@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_REPLIES.signup });
    const mail = t.mailbox.at(-1);
    expect(mail?.to).toBe('new@example.com');
    expect(mail?.subject).toMatch(/^Your SAM confirmation code: \d{6}$/);
    expect(mail?.text).toContain(lastCode(t, 'new@example.com'));

    const confirmed = await post(t, '/api/auth/confirm', {
      email: 'new@example.com',
      code: lastCode(t, 'new@example.com'),
    });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body.user).toEqual({
      email: 'new@example.com',
      name: 'Alex',
      role: 'user',
      isAdmin: false,
      sub: 'new@example.com',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contentBinding: 2,
      v1Binding: null,
    });
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    const who = await get(t, '/api/whoami', body.token);
    expect(who.json()).toMatchObject({ email: 'new@example.com', name: 'Alex', role: 'user' });
  });

  it('answers a sign-up for an existing account exactly like a new one and mails the owner', async () => {
    await newUser(t, 'taken@example.com');
    const res = await post(t, '/api/auth/signup', {
      email: 'taken@example.com',
      password: 'c29tZW9uZS1lbHNlLXBhc3N3b3Jk',
      name: 'Mallory',
      kdf: await newAccountKdf(t, 'taken@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_REPLIES.signup });
    expect(t.mailbox.at(-1)?.subject).toBe('You already have a SAM account');
    // It carries no code, so it does not speak of one.
    expect(t.mailbox.at(-1)?.text).not.toMatch(/code/i);
    expect(t.mailbox.at(-1)?.text).toContain('your account has not changed');
    const login = await post(t, '/api/auth/login', { email: 'taken@example.com', password: AUTH_VALUE });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong code, an expired code and a reused code', async () => {
    await signUp(t, 'codes@example.com');
    const code = lastCode(t, 'codes@example.com');

    const wrong = await post(t, '/api/auth/confirm', { email: 'codes@example.com', code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: AUTH_REPLIES.invalidCode, code: 'invalid_code' });

    t.advance(11 * MINUTE);
    const expired = await post(t, '/api/auth/confirm', { email: 'codes@example.com', code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe(AUTH_REPLIES.expiredCode);

    await post(t, '/api/auth/resend-confirmation', { email: 'codes@example.com' });
    const fresh = lastCode(t, 'codes@example.com');
    expect((await post(t, '/api/auth/confirm', { email: 'codes@example.com', code: fresh })).statusCode).toBe(
      200,
    );
    const reused = await post(t, '/api/auth/confirm', { email: 'codes@example.com', code: fresh });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_code');
  });

  it('uses a code up after 5 wrong tries, and says so instead of calling the right code wrong', async () => {
    await signUp(t, 'burn@example.com');
    const code = lastCode(t, 'burn@example.com');
    for (let i = 0; i < 5; i++) {
      await post(t, '/api/auth/confirm', { email: 'burn@example.com', code: wrongCode(code) });
    }
    const right = await post(t, '/api/auth/confirm', { email: 'burn@example.com', code });
    expect(right.statusCode).toBe(410);
    expect(right.json()).toEqual({ detail: AUTH_REPLIES.usedUpCode, code: 'code_used_up' });
  });

  it('resend replaces the old code and an unknown e-mail gets the same reply', async () => {
    await signUp(t, 'resend@example.com');
    const old = lastCode(t, 'resend@example.com');
    const res = await post(t, '/api/auth/resend-confirmation', { email: 'resend@example.com' });
    expect(res.json()).toEqual({ message: AUTH_REPLIES.resend });
    const fresh = lastCode(t, 'resend@example.com');
    if (fresh !== old) {
      expect(
        (await post(t, '/api/auth/confirm', { email: 'resend@example.com', code: old })).statusCode,
      ).toBe(400);
    }
    expect(
      (await post(t, '/api/auth/confirm', { email: 'resend@example.com', code: fresh })).statusCode,
    ).toBe(200);

    const mails = t.mailbox.length;
    const unknown = await post(t, '/api/auth/resend-confirmation', { email: 'ghost@example.com' });
    expect(unknown.json()).toEqual({ message: AUTH_REPLIES.resend });
    expect(t.mailbox.length).toBe(mails);
  });

  it('sends at most 3 codes an hour to one address, known or not', async () => {
    await signUp(t, 'limit@example.com');
    await post(t, '/api/auth/resend-confirmation', { email: 'limit@example.com' });
    await post(t, '/api/auth/resend-confirmation', { email: 'limit@example.com' });
    const fourth = await post(t, '/api/auth/resend-confirmation', { email: 'limit@example.com' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      detail: 'Too many requests. Please try again later.',
      code: 'rate_limited',
    });
    for (let i = 0; i < 3; i++)
      await post(t, '/api/auth/resend-confirmation', { email: 'ghost@example.com' });
    expect((await post(t, '/api/auth/resend-confirmation', { email: 'ghost@example.com' })).statusCode).toBe(
      429,
    );
    t.advance(61 * MINUTE);
    expect((await post(t, '/api/auth/resend-confirmation', { email: 'limit@example.com' })).statusCode).toBe(
      200,
    );
  });
});

describe('login', () => {
  it('signs in with the right value, and says the same for a wrong password and an unknown e-mail', async () => {
    await newUser(t, 'login@example.com', 'Robin');
    const ok = await post(t, '/api/auth/login', { email: 'LOGIN@example.com', password: AUTH_VALUE });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.name).toBe('Robin');

    const wrong = await post(t, '/api/auth/login', {
      email: 'login@example.com',
      password: 'd3JvbmctdmFsdWU=',
    });
    const unknown = await post(t, '/api/auth/login', { email: 'nobody@example.com', password: AUTH_VALUE });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers an unconfirmed account like a wrong password, and says the code is the way in', async () => {
    await signUp(t, 'pending@example.com');
    const res = await post(t, '/api/auth/login', { email: 'pending@example.com', password: AUTH_VALUE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: AUTH_REPLIES.wrongCredentials, code: 'invalid_credentials' });
    expect(res.json().detail).toContain('If you have just signed up, enter the 6-digit code');
  });

  it('locks an account after 10 failed logins for 15 minutes, even with the right password', async () => {
    await newUser(t, 'locked@example.com');
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(t, '/api/auth/login', { email: 'locked@example.com', password: 'd3JvbmctdmFsdWU=' }))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await post(t, '/api/auth/login', { email: 'locked@example.com', password: AUTH_VALUE });
    expect(blocked.statusCode).toBe(429);
    t.advance(16 * MINUTE);
    expect(
      (await post(t, '/api/auth/login', { email: 'locked@example.com', password: AUTH_VALUE })).statusCode,
    ).toBe(200);
  });

  it('records the last login', async () => {
    const token = await newUser(t, 'last@example.com');
    t.advance(5 * MINUTE);
    const res = await post(t, '/api/profile/login', undefined, token);
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('last_login_at')
      .where('email', '=', 'last@example.com')
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toBeGreaterThan(Date.now());
    expect((await post(t, '/api/profile/login', undefined)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('refuses a missing, unknown, revoked or expired token', async () => {
    const missing = await get(t, '/api/whoami');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'No authentication token found', code: 'no_token' });
    expect((await get(t, '/api/whoami', 'forged-token')).statusCode).toBe(401);
    expect((await get(t, '/api/whoami', 'x'.repeat(5000))).statusCode).toBe(401);

    const token = await newUser(t, 'session@example.com');
    const logout = await post(t, '/api/auth/logout', undefined, token);
    expect(logout.statusCode).toBe(200);
    expect(logout.headers['clear-site-data']).toBe('"cache", "storage"');
    expect((await get(t, '/api/whoami', token)).json().code).toBe('invalid_token');

    const second = (
      await post(t, '/api/auth/login', { email: 'session@example.com', password: AUTH_VALUE })
    ).json().token;
    expect((await get(t, '/api/whoami', second)).statusCode).toBe(200);
    t.advance(31 * 24 * 60 * MINUTE);
    expect((await get(t, '/api/whoami', second)).statusCode).toBe(401);
  });

  it('keeps only a hash of the token in the database', async () => {
    const token = await newUser(t, 'hash@example.com');
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('forgot and reset password', () => {
  it('resets with the mailed code, revokes every session and stores the new KDF salt', async () => {
    const token = await newUser(t, 'reset@example.com');
    const forgot = await post(t, '/api/auth/forgot-password', { email: 'reset@example.com' });
    expect(forgot.json()).toEqual({ message: AUTH_REPLIES.forgot });
    expect(t.mailbox.at(-1)?.subject).toMatch(/^Your SAM password reset code: \d{6}$/);
    const newKdf = { salt: 'bmV3LXNhbHQtZm9yLXJlc2V0', iterations: 600_000 };
    const newValue = 'bmV3LWF1dGgtdmFsdWUtYWZ0ZXItcmVzZXQ=';
    const reset = await post(t, '/api/auth/reset-password', {
      email: 'reset@example.com',
      code: lastCode(t, 'reset@example.com'),
      new_password: newValue,
      kdf: newKdf,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_REPLIES.reset });
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(401);
    expect(
      (await post(t, '/api/auth/login', { email: 'reset@example.com', password: AUTH_VALUE })).statusCode,
    ).toBe(401);
    expect(
      (await post(t, '/api/auth/login', { email: 'reset@example.com', password: newValue })).statusCode,
    ).toBe(200);
    expect((await post(t, '/api/auth/prelogin', { email: 'reset@example.com' })).json().salt).toBe(
      newKdf.salt,
    );
  });

  it('refuses a wrong or expired reset code and changes nothing', async () => {
    await newUser(t, 'reset2@example.com');
    await post(t, '/api/auth/forgot-password', { email: 'reset2@example.com' });
    const code = lastCode(t, 'reset2@example.com');
    const body = { email: 'reset2@example.com', new_password: 'bmV3LWF1dGgtdmFsdWU=' };
    expect((await post(t, '/api/auth/reset-password', { ...body, code: wrongCode(code) })).statusCode).toBe(
      400,
    );
    t.advance(11 * MINUTE);
    expect((await post(t, '/api/auth/reset-password', { ...body, code })).statusCode).toBe(410);
    expect(
      (await post(t, '/api/auth/login', { email: 'reset2@example.com', password: AUTH_VALUE })).statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.mailbox.length;
    const res = await post(t, '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(res.json()).toEqual({ message: AUTH_REPLIES.forgot });
    expect(t.mailbox.length).toBe(before);
  });
});

describe('bad input', () => {
  const cases: Array<[string, string, unknown, RegExp]> = [
    [
      'signup without a name',
      '/api/auth/signup',
      { email: 'a@example.com', password: AUTH_VALUE, kdf: KDF },
      /^name: /,
    ],
    [
      'signup with a bad e-mail',
      '/api/auth/signup',
      { email: 'not-an-email', password: AUTH_VALUE, name: 'A', kdf: KDF },
      /^email: /,
    ],
    [
      'signup with a number as password',
      '/api/auth/signup',
      { email: 'a@example.com', password: 12345678, name: 'A', kdf: KDF },
      /^password: /,
    ],
    [
      'signup with a weak KDF',
      '/api/auth/signup',
      { email: 'a@example.com', password: AUTH_VALUE, name: 'A', kdf: { salt: KDF.salt, iterations: 10 } },
      /^kdf\.iterations: /,
    ],
    [
      'signup with a control character in the name',
      '/api/auth/signup',
      { email: 'a@example.com', password: AUTH_VALUE, name: 'Al\r\nBcc: x@example.com', kdf: KDF },
      /^name: First name may hold letters/,
    ],
    [
      'signup with a huge name',
      '/api/auth/signup',
      { email: 'a@example.com', password: AUTH_VALUE, name: 'n'.repeat(101), kdf: KDF },
      /^name: /,
    ],
    [
      'confirm with letters as code',
      '/api/auth/confirm',
      { email: 'a@example.com', code: 'abcdef' },
      /^code: /,
    ],
    [
      'confirm with a 7-digit code',
      '/api/auth/confirm',
      { email: 'a@example.com', code: '1234567' },
      /^code: /,
    ],
    ['login with an array body', '/api/auth/login', [1, 2, 3], /./],
    [
      'reset without code',
      '/api/auth/reset-password',
      { email: 'a@example.com', new_password: AUTH_VALUE },
      /^code: /,
    ],
  ];
  it.each(cases)('%s gets 400 naming the field', async (_name, url, payload, detail) => {
    const res = await post(t, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(res.json().code).toBe('invalid_input');
  });

  it('refuses malformed JSON, a wrong content type and an oversized body without touching the database', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('The request body is not valid JSON.');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);

    const huge = await post(t, '/api/auth/signup', {
      email: 'big@example.com',
      password: AUTH_VALUE,
      name: 'Big',
      kdf: await newAccountKdf(t, 'big@example.com'),
      padding: 'x'.repeat(100_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.', code: 'body_too_large' });
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('limits each auth route per address', async () => {
    const strict = await startTestApp({ rateLimits: { authPerIp: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await post(strict, '/api/auth/prelogin', { email: `p${i}@example.com` })).statusCode).toBe(
          200,
        );
      }
      const res = await post(strict, '/api/auth/prelogin', { email: 'p9@example.com' });
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe('Too many requests. Please try again later.');
      expect((await post(strict, '/api/auth/forgot-password', { email: 'p9@example.com' })).statusCode).toBe(
        200,
      );
    } finally {
      await strict.close();
    }
  });
});
