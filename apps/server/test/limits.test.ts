import { SPONSORSHIP_PROGRAMS } from '@sam/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setRoleByEmail } from '../src/db/users.ts';
import { lockedOutDetail } from '../src/features/auth/service.ts';
import { TOO_MANY_REQUESTS } from '../src/http/errors.ts';
import {
  AUTH_VALUE,
  keyRecordBody,
  lastCode,
  newUser,
  post,
  signUp,
  startTestApp,
  type TestApp,
  wrongCode,
} from './helpers.ts';

/**
 * Every limit holds when the requests arrive together: 50 at once, where a check-then-count limit lets
 * them all through before any is counted.
 */
const PARALLEL = 50;
let t: TestApp;
afterEach(async () => {
  await t.close();
});

const inject = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const together = <T>(make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));

describe('wrong passwords', () => {
  it('checks at most 10 of 50 at once; the rest, and then the right one, are told how long to wait', async () => {
    t = await startTestApp();
    await newUser(t, 'target@example.com');
    const replies = await together(() =>
      inject('/api/auth/login', { email: 'target@example.com', password: 'd3JvbmctcGFzc3dvcmQ=' }),
    );
    const checked = replies.filter((r) => r.statusCode === 401);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(checked).toHaveLength(10);
    expect(refused).toHaveLength(PARALLEL - 10);
    const retryAfter = Number(refused[0]?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused[0]?.json()).toEqual({ detail: lockedOutDetail(retryAfter), code: 'too_many_attempts' });
    expect(refused[0]?.json().detail).toMatch(/try again in \d+ minutes?, or use "Forgot password\?"/);

    const right = await inject('/api/auth/login', { email: 'target@example.com', password: AUTH_VALUE });
    expect(right.statusCode).toBe(429);
  });

  it('does not count a right password against the account', async () => {
    t = await startTestApp();
    await newUser(t, 'owner@example.com');
    for (let i = 0; i < 12; i++) {
      const res = await post(t, '/api/auth/login', { email: 'owner@example.com', password: AUTH_VALUE });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('wrong codes', () => {
  it('compares at most 5 of 50 guesses at once, and the right code is refused afterwards', async () => {
    t = await startTestApp();
    await signUp(t, 'guess@example.com');
    const code = lastCode(t, 'guess@example.com');
    const replies = await together(() =>
      inject('/api/auth/confirm', { email: 'guess@example.com', code: wrongCode(code) }),
    );
    // Five are compared and refused as wrong; the others find the code used up.
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'invalid_code')).toHaveLength(5);
    expect(codes.filter((c) => c === 'code_used_up')).toHaveLength(replies.length - 5);
    const row = await t.db.selectFrom('auth_codes').select('wrong_tries').executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(5);
    const right = await inject('/api/auth/confirm', { email: 'guess@example.com', code });
    expect(right.statusCode).toBe(410);
    expect(right.json().code).toBe('code_used_up');
  });
});

describe('pending invitations', () => {
  it('leaves at most 10 pending when 50 are sent at once', async () => {
    t = await startTestApp();
    const token = await newUser(t, 'inviter@example.com');
    const replies = await together((i) =>
      inject(
        '/api/sponsorship/invitations',
        { inviteeEmail: `invitee${i}@example.com`, program: 'SAA', role: 'sponsor' },
        token,
      ),
    );
    const pending = await t.db
      .selectFrom('sponsorship_invitations')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(10);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.statusCode !== 200).every((r) => [409, 429].includes(r.statusCode))).toBe(
      true,
    );
  });
});

describe('the rules the database keeps for invitations and relationships', () => {
  const S = '/api/sponsorship';
  const TOGETHER = 20;
  const at = <T>(make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: TOGETHER }, (_, i) => make(i)));

  /** The token in the newest invitation mail to an address. */
  const mailedToken = (email: string) =>
    [...t.mailbox]
      .reverse()
      .find((m) => m.to === email)
      ?.text.match(/\/invite\?token=([A-Za-z0-9_.-]+)/)?.[1] ?? '';

  it('keeps one pending invitation per person, program and role when 20 identical ones arrive together', async () => {
    t = await startTestApp();
    const token = await newUser(t, 'inviter@example.com');
    const body = { inviteeEmail: 'once@example.com', program: 'SAA', role: 'sponsor' };
    const replies = await at(() => inject(`${S}/invitations`, body, token));
    const rows = await t.db.selectFrom('sponsorship_invitations').select('status').execute();
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('duplicate_invitation');
    }
  });

  it('leaves at most 5 active relationships when 20 acceptances arrive together', async () => {
    t = await startTestApp();
    const invitee = 'popular@example.com';
    const inviteeToken = await newUser(t, invitee);
    const invitations: { invitationId: string; token: string }[] = [];
    for (const inviter of ['one', 'two', 'three']) {
      const inviterToken = await newUser(t, `${inviter}@example.com`);
      for (const { value: program } of SPONSORSHIP_PROGRAMS.slice(0, 7)) {
        const sent = await post(
          t,
          `${S}/invitations`,
          { inviteeEmail: invitee, program, role: 'sponsor' },
          inviterToken,
        );
        expect(sent.statusCode, sent.body).toBe(200);
        invitations.push({ invitationId: sent.json().id, token: mailedToken(invitee) });
      }
    }
    const replies = await at((i) =>
      inject(`${S}/invitations/respond`, { ...invitations[i], accept: true }, inviteeToken),
    );
    const active = await t.db
      .selectFrom('sponsorship_relationships')
      .select('id')
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(5);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const refused of replies.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(typeof refused.json().detail).toBe('string');
    }
  });
});

describe('one active key per account', () => {
  const EMAIL = 'keys@example.com';
  const sendKey = (token: string, overrides: Record<string, unknown> = {}) =>
    inject('/api/user/keys', keyRecordBody(EMAIL, overrides), token);
  const activeKeys = () =>
    t.db.selectFrom('user_keys').select('key_version').where('active', '=', 1).execute();

  it('keeps one key when 20 first keys arrive together, and answers the rest 409', async () => {
    t = await startTestApp();
    const token = await newUser(t, EMAIL);
    const replies = await Promise.all(Array.from({ length: 20 }, () => sendKey(token)));
    expect(await activeKeys()).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
  });

  it('keeps one active key when 20 replacements arrive together, and never answers 500', async () => {
    t = await startTestApp();
    const token = await newUser(t, EMAIL);
    expect((await sendKey(token)).statusCode).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => sendKey(token, { mode: 'new-key', password: AUTH_VALUE })),
    );
    expect(await activeKeys()).toHaveLength(1);
    expect(replies.some((r) => r.statusCode === 200)).toBe(true);
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      // Refused as a conflict, or by the re-authentication limit (tries are counted before they are checked).
      expect([409, 429], reply.body).toContain(reply.statusCode);
      expect(typeof reply.json().detail).toBe('string');
    }
  });
});

describe('the last admin', () => {
  it('stays when two admins demote each other with 20 requests at once', async () => {
    t = await startTestApp();
    const tokens = [await newUser(t, 'first@example.com'), await newUser(t, 'second@example.com')];
    for (const email of ['first@example.com', 'second@example.com']) {
      await setRoleByEmail(t.db, email, 'admin', Date.now());
    }
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${i % 2 ? 'first' : 'second'}@example.com/role`,
          payload: { role: 'user' },
          headers: { authorization: `Bearer ${tokens[i % 2 ? 1 : 0]}` },
        }),
      ),
    );
    const admins = await t.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    expect(replies.every((r) => [200, 403, 409].includes(r.statusCode))).toBe(true);
  });
});

describe('requests per address', () => {
  it('lets exactly the limit through when they arrive together, with Retry-After on the rest', async () => {
    t = await startTestApp({ rateLimits: { authPerIp: 10 } });
    const replies = await together((i) => inject('/api/auth/prelogin', { email: `p${i}@example.com` }));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(PARALLEL - 10);
    expect(refused[0]?.json()).toEqual({ detail: TOO_MANY_REQUESTS, code: 'rate_limited' });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps no address, e-mail or account id in the rate-limit table', async () => {
    t = await startTestApp();
    await newUser(t, 'private@example.com');
    await post(t, '/api/auth/login', { email: 'private@example.com', password: 'd3JvbmctcGFzc3dvcmQ=' });
    const buckets = (await t.db.selectFrom('rate_limits').select('bucket').execute()).map((r) => r.bucket);
    expect(buckets.length).toBeGreaterThan(3);
    // A keyed hash (32 base64url characters) and the window's length: room for no address, e-mail or
    // label. (Searching the hash for 'ip:' or 'login' would fail whenever the random hash spelled them.)
    for (const bucket of buckets) expect(bucket).toMatch(/^[A-Za-z0-9_-]{32}:\d+$/);
  });
});
