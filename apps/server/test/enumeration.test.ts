import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_REPLIES } from '../src/features/auth/service.ts';
import {
  AUTH_VALUE,
  lastCode,
  mailServerDown,
  newAccountKdf,
  newUser,
  post,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

/**
 * Nothing SAM answers may tell whether an address has an account: for people in SAA, that alone can harm.
 * Each test compares what a stranger sees for a known address with what they see for an unknown one.
 */
const MINUTE = 60_000;
let t: TestApp;

beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const prelogin = async (email: string) => (await post(t, '/api/auth/prelogin', { email })).json();

describe('prelogin', () => {
  it('answers the same for an address before sign-up, after sign-up and after confirming', async () => {
    const before = await prelogin('quiet@example.com');
    await signUp(t, 'quiet@example.com');
    expect(await prelogin('quiet@example.com')).toEqual(before);
    await post(t, '/api/auth/confirm', {
      email: 'quiet@example.com',
      code: lastCode(t, 'quiet@example.com'),
    });
    expect(await prelogin('quiet@example.com')).toEqual(before);
  });

  it('never stores or echoes parameters the caller chose at sign-up', async () => {
    const chosen = { salt: 'Y2hvc2VuLWJ5LXRoZS1jYWxsZXI=', iterations: 612_345 };
    const res = await post(t, '/api/auth/signup', {
      email: 'probe@example.com',
      password: AUTH_VALUE,
      name: 'Probe',
      kdf: chosen,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: AUTH_REPLIES.staleKdf, code: 'stale_kdf' });
    expect(await prelogin('probe@example.com')).not.toMatchObject(chosen);
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('answers a confirmed account that changed its password with its own salt, and only then', async () => {
    await newUser(t, 'changed@example.com');
    const newKdf = { salt: 'bmV3LXNhbHQtZm9yLXJlc2V0', iterations: 600_000 };
    await post(t, '/api/auth/forgot-password', { email: 'changed@example.com' });
    await post(t, '/api/auth/reset-password', {
      email: 'changed@example.com',
      code: lastCode(t, 'changed@example.com'),
      new_password: AUTH_VALUE,
      kdf: newKdf,
    });
    expect(await prelogin('changed@example.com')).toEqual({ kdf: 'PBKDF2-SHA256', ...newKdf });
  });
});

describe('sign-up, resend and forgot-password', () => {
  it('answer a known and an unknown address identically, with the mail server down', async () => {
    await newUser(t, 'known@example.com');
    mailServerDown(t);
    const routes = ['/api/auth/forgot-password', '/api/auth/resend-confirmation'];
    for (const url of routes) {
      const known = await post(t, url, { email: 'known@example.com' });
      const unknown = await post(t, url, { email: 'unknown@example.com' });
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(known.statusCode).toBe(200);
    }
    const signup = async (email: string) =>
      post(t, '/api/auth/signup', {
        email,
        password: AUTH_VALUE,
        name: 'Sam',
        kdf: await newAccountKdf(t, email),
      });
    const taken = await signup('known@example.com');
    const fresh = await signup('fresh@example.com');
    expect([taken.statusCode, taken.body]).toEqual([fresh.statusCode, fresh.body]);
    expect(fresh.json()).toEqual({ message: AUTH_REPLIES.signup });
  });

  it('do no mail work in the request: a mail server that never answers does not hold the reply', async () => {
    await newUser(t, 'known@example.com');
    (t.deps.mailer as { send: unknown }).send = () => new Promise(() => undefined);
    for (const url of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: 'known@example.com' } });
      expect(res.statusCode).toBe(200);
    }
    await t.deps.outbox.stop(0);
  });

  it('a sign-up while the mail server is down leaves a whole account, confirmed once the mail arrives', async () => {
    const repair = mailServerDown(t);
    await signUp(t, 'patient@example.com');
    const users = await t.db.selectFrom('users').select(['email', 'email_verified']).execute();
    expect(users).toEqual([{ email: 'patient@example.com', email_verified: 0 }]);
    expect(await t.db.selectFrom('auth_codes').select('purpose').execute()).toEqual([{ purpose: 'confirm' }]);
    expect(() => lastCode(t, 'patient@example.com')).toThrow();

    repair();
    t.advance(MINUTE);
    await t.deps.outbox.deliverDue();
    const code = lastCode(t, 'patient@example.com');
    expect((await post(t, '/api/auth/confirm', { email: 'patient@example.com', code })).statusCode).toBe(200);
  });
});
