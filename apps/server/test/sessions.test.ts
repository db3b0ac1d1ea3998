import { SESSION_REVOKED, SESSIONS_MESSAGES } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_VALUE, get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

/** "Where you're signed in": a person's sessions, seen and ended from any of their other sessions. */
let t: TestApp;
let phone: string;
const EMAIL = 'shared@example.com';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInWith(userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: EMAIL, password: AUTH_VALUE },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}
const del = (url: string, token: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

beforeEach(async () => {
  t = await startTestApp();
  await newUser(t, EMAIL);
  phone = await signInWith(ANDROID_CHROME);
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/auth/sessions', () => {
  it('lists each live sign-in by browser, with no address or place, and marks this one', async () => {
    const library = await signInWith(WINDOWS_FIREFOX);
    const { sessions } = (await get(t, '/api/auth/sessions', phone)).json();
    expect(sessions).toHaveLength(3);
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({
      device: 'Chrome on Android',
    });
    expect(sessions.map((s: { device: string }) => s.device)).toContain('Firefox on Windows');
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastUsedAt']);
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(JSON.stringify(session)).not.toMatch(/127\.0\.0\.1|token/);
    }
    expect((await get(t, '/api/auth/sessions', library)).json().sessions).toHaveLength(3);
  });

  it('shows when a sign-in was last used', async () => {
    const before = (await get(t, '/api/auth/sessions', phone)).json().sessions;
    const created = before.find((s: { current: boolean }) => s.current).lastUsedAt;
    t.advance(5 * 60_000);
    const after = (await get(t, '/api/auth/sessions', phone)).json().sessions;
    const used = after.find((s: { current: boolean }) => s.current).lastUsedAt;
    expect(Date.parse(used) - Date.parse(created)).toBe(5 * 60_000);
  });
});

describe('signing out elsewhere', () => {
  it('ends one other sign-in by its id; its token stops working at once', async () => {
    const library = await signInWith(WINDOWS_FIREFOX);
    const target = (await get(t, '/api/auth/sessions', phone))
      .json()
      .sessions.find((s: { device: string }) => s.device === 'Firefox on Windows');
    const res = await del(`/api/auth/sessions/${target.id}`, phone);
    expect(res.json()).toEqual({ message: SESSIONS_MESSAGES.signedOut });
    expect((await get(t, '/api/whoami', library)).statusCode).toBe(401);
    expect((await get(t, '/api/whoami', phone)).statusCode).toBe(200);
    const again = await del(`/api/auth/sessions/${target.id}`, phone);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: SESSIONS_MESSAGES.notFound, code: 'session_not_found' });
  });

  it('ends every other sign-in, keeping this one', async () => {
    const library = await signInWith(WINDOWS_FIREFOX);
    const res = await post(t, '/api/auth/sessions/sign-out-others', {}, phone);
    expect(res.statusCode).toBe(200);
    expect((await get(t, '/api/whoami', library)).statusCode).toBe(401);
    expect((await get(t, '/api/auth/sessions', phone)).json().sessions).toHaveLength(1);
  });

  it("never ends another person's sign-in, and refuses forged ids", async () => {
    const stranger = await newUser(t, 'stranger@example.com');
    const theirs = (await get(t, '/api/auth/sessions', stranger)).json().sessions[0].id;
    const res = await del(`/api/auth/sessions/${theirs}`, phone);
    expect(res.statusCode).toBe(404);
    expect((await get(t, '/api/whoami', stranger)).statusCode).toBe(200);
    expect((await del('/api/auth/sessions/not-an-id', phone)).statusCode).toBe(400);
    expect((await del(`/api/auth/sessions/${'x'.repeat(5000)}`, phone)).statusCode).toBeLessThan(500);
    expect((await get(t, '/api/auth/sessions')).statusCode).toBe(401);
  });
});

describe('a device signed out from another one', () => {
  it('is told so by its next request; a logout or an expiry reads as an ended session', async () => {
    const library = await signInWith(WINDOWS_FIREFOX);
    await post(t, '/api/auth/sessions/sign-out-others', {}, phone);
    const told = await get(t, '/api/whoami', library);
    expect(told.statusCode).toBe(401);
    expect(told.json()).toEqual({ detail: SESSIONS_MESSAGES.signedOutElsewhere, code: SESSION_REVOKED });

    const laptop = await signInWith(WINDOWS_FIREFOX);
    const target = (await get(t, '/api/auth/sessions', phone))
      .json()
      .sessions.find((s: { device: string; current: boolean }) => !s.current);
    await del(`/api/auth/sessions/${target.id}`, phone);
    expect((await get(t, '/api/whoami', laptop)).json().code).toBe(SESSION_REVOKED);

    const ownLogout = await signInWith(WINDOWS_FIREFOX);
    expect((await post(t, '/api/auth/logout', undefined, ownLogout)).statusCode).toBe(200);
    expect((await get(t, '/api/whoami', ownLogout)).json().code).toBe('invalid_token');

    // Past its expiry a revoked session is simply over.
    t.advance(31 * 24 * 60 * 60_000);
    expect((await get(t, '/api/whoami', library)).json().code).toBe('invalid_token');
  });
});

describe('POST /api/auth/sessions/unlock', () => {
  it('checks the password for this session and makes no new sign-in', async () => {
    const rows = async () => (await t.db.selectFrom('sessions').select('token_hash').execute()).length;
    const before = {
      listed: (await get(t, '/api/auth/sessions', phone)).json().sessions,
      rows: await rows(),
    };
    const res = await post(t, '/api/auth/sessions/unlock', { password: AUTH_VALUE }, phone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SESSIONS_MESSAGES.unlocked });
    expect(res.json()).not.toHaveProperty('token');
    expect((await get(t, '/api/auth/sessions', phone)).json().sessions).toEqual(before.listed);
    expect(await rows()).toBe(before.rows);
    expect((await get(t, '/api/whoami', phone)).statusCode).toBe(200);
  });

  it('refuses a wrong password, a missing one and a missing session, with a readable detail', async () => {
    const wrong = await post(t, '/api/auth/sessions/unlock', { password: 'b'.repeat(64) }, phone);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    expect(wrong.json().detail).toBeTruthy();
    const missing = await post(t, '/api/auth/sessions/unlock', {}, phone);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBeTruthy();
    expect((await post(t, '/api/auth/sessions/unlock', { password: AUTH_VALUE })).statusCode).toBe(401);
    // A wrong password ends nothing.
    expect((await get(t, '/api/whoami', phone)).statusCode).toBe(200);
  });
});
