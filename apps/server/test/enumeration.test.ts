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

/** What a stranger can compare of two replies: status, body and every header but the ones that vary anyway. */
const seen = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

/** Another password than the owner's, as a stranger would pick it (an auth value the browser derives). */
const STRANGERS_VALUE = 'c3RyYW5nZXJzLW93bi1wYXNzd29yZC12YWx1ZS0xMjM0NTY=';

describe('sign-in after a sign-up with a password of the caller’s own', () => {
  const signUpAs = async (email: string, password: string) =>
    post(t, '/api/auth/signup', { email, password, name: 'Probe', kdf: await newAccountKdf(t, email) });
  const signIn = (email: string, password: string) => post(t, '/api/auth/login', { email, password });

  it('answers an unconfirmed account exactly like a member with a wrong password', async () => {
    await newUser(t, 'member@example.com');
    for (const email of ['member@example.com', 'free@example.com']) {
      expect((await signUpAs(email, STRANGERS_VALUE)).statusCode).toBe(200);
    }
    const member = await signIn('member@example.com', STRANGERS_VALUE);
    const free = await signIn('free@example.com', STRANGERS_VALUE);
    expect(seen(free)).toEqual(seen(member));
    expect(free.statusCode).toBe(401);
    expect(free.json()).toEqual({ detail: AUTH_REPLIES.wrongCredentials, code: 'invalid_credentials' });
  });

  it('counts each of those sign-ins as a wrong password, so both addresses lock after the same number', async () => {
    await newUser(t, 'member@example.com');
    await signUpAs('free@example.com', STRANGERS_VALUE);
    const answers = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await signIn(email, STRANGERS_VALUE)).statusCode);
      return statuses;
    };
    const member = await answers('member@example.com');
    expect(await answers('free@example.com')).toEqual(member);
    expect(member).toEqual([...Array(10).fill(401), 429]);
  });

  it('still lets the owner finish: the code confirms the account and the password then signs in', async () => {
    await signUp(t, 'owner@example.com');
    expect((await signIn('owner@example.com', AUTH_VALUE)).statusCode).toBe(401);
    const code = lastCode(t, 'owner@example.com');
    expect((await post(t, '/api/auth/confirm', { email: 'owner@example.com', code })).statusCode).toBe(200);
    expect((await signIn('owner@example.com', AUTH_VALUE)).statusCode).toBe(200);
  });
});

describe('sign-up with the salt prelogin answers', () => {
  const signUpWith = (email: string, kdf: { salt: string; iterations: number }) =>
    post(t, '/api/auth/signup', { email, password: STRANGERS_VALUE, name: 'Probe', kdf });
  const mailsTo = (email: string) => t.mailbox.filter((m) => m.to === email).map((m) => m.subject);

  it('answers a member who reset their password like a free address, and mails the member as usual', async () => {
    await newUser(t, 'changed@example.com');
    await post(t, '/api/auth/forgot-password', { email: 'changed@example.com' });
    await post(t, '/api/auth/reset-password', {
      email: 'changed@example.com',
      code: lastCode(t, 'changed@example.com'),
      new_password: AUTH_VALUE,
      kdf: { salt: 'bmV3LXNhbHQtZm9yLXJlc2V0', iterations: 600_000 },
    });
    const before = mailsTo('changed@example.com').length;

    const member = await signUpWith('changed@example.com', await newAccountKdf(t, 'changed@example.com'));
    const free = await signUpWith('nobody@example.com', await newAccountKdf(t, 'nobody@example.com'));
    expect(seen(member)).toEqual(seen(free));
    expect(member.json()).toEqual({ message: AUTH_REPLIES.signup });
    expect(mailsTo('changed@example.com').slice(before)).toEqual(['You already have a SAM account']);
    // Nothing of the account changed: the owner still signs in with their own password.
    const login = await post(t, '/api/auth/login', { email: 'changed@example.com', password: AUTH_VALUE });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a salt prelogin never gave that address the same way for a member and a free address', async () => {
    await newUser(t, 'member@example.com');
    const othersSalt = await newAccountKdf(t, 'someone-else@example.com');
    const before = t.mailbox.length;
    const member = await signUpWith('member@example.com', othersSalt);
    const free = await signUpWith('free@example.com', othersSalt);
    expect(seen(member)).toEqual(seen(free));
    expect(free.json()).toEqual({ detail: AUTH_REPLIES.staleKdf, code: 'stale_kdf' });
    expect(t.mailbox.length).toBe(before);
  });
});
