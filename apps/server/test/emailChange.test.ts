import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_REPLIES } from '../src/features/auth/service.ts';
import {
  AUTH_VALUE,
  get,
  keyRecordBody,
  lastCode,
  newUser,
  post,
  startTestApp,
  type TestApp,
  wrongCode,
} from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'old@example.com', 'Ada');
});
afterEach(async () => {
  await t.close();
});

const start = (newEmail: string, password = AUTH_VALUE, auth = token) =>
  post(t, '/api/user/email-change', { newEmail, password }, auth);
const confirm = (newEmail: string, code: string, auth = token) =>
  post(t, '/api/user/email-change/confirm', { newEmail, code }, auth);
const mailsTo = (email: string) => t.mailbox.filter((m) => m.to === email);

describe('changing the e-mail address', () => {
  it('sends a code to the new address; the code moves the account, and the session and key stay', async () => {
    const id = (await get(t, '/api/whoami', token)).json().id;
    expect((await post(t, '/api/user/keys', keyRecordBody(id), token)).statusCode).toBe(200);

    const started = await start('new@example.com');
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toContain('new@example.com');
    const done = await confirm('new@example.com', lastCode(t, 'new@example.com'));
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: 'new@example.com', id });

    const me = await get(t, '/api/whoami', token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'new@example.com', id });
    expect((await get(t, `/api/user/keys/${id}`, token)).json().userId).toBe(id);
    expect(mailsTo('old@example.com').at(-1)?.subject).toBe('Your SAM e-mail address was changed');

    const login = await post(t, '/api/auth/login', { email: 'new@example.com', password: AUTH_VALUE });
    expect(login.statusCode).toBe(200);
    const oldLogin = await post(t, '/api/auth/login', { email: 'old@example.com', password: AUTH_VALUE });
    expect(oldLogin.statusCode).toBe(401);
  });

  it('needs the current password, and refuses the address the account already has', async () => {
    const wrong = await start('new@example.com', 'd3JvbmctYXV0aC12YWx1ZS1mb3ItdGVzdHMtMTIzNA==');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Your current password is not right.');
    const same = await start('old@example.com');
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe('That is already your e-mail address.');
    expect(mailsTo('new@example.com')).toHaveLength(0);
  });

  it('answers the same for an address with an account, whose owner is told and no code is made', async () => {
    await newUser(t, 'taken@example.com', 'Bea');
    const before = mailsTo('taken@example.com').length;
    const started = await start('taken@example.com');
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toBe(
      'We sent a 6-digit code to taken@example.com. Enter it here to finish the change. If it does not arrive, check the address and your spam folder.',
    );
    const mail = mailsTo('taken@example.com').slice(before);
    expect(mail.map((m) => m.subject)).toEqual(['Someone asked to use this address on SAM']);
    expect(mail[0]?.text).not.toMatch(/code/i);
    expect((await confirm('taken@example.com', '123456')).statusCode).toBe(400);
    expect((await get(t, '/api/whoami', token)).json().email).toBe('old@example.com');
  });

  it('a code works only for the address it was sent to, only once, and not after it expires', async () => {
    await start('new@example.com');
    const code = lastCode(t, 'new@example.com');
    const elsewhere = await confirm('other@example.com', code);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toBe(
      'That code is not right. Check the latest e-mail or ask for a new code.',
    );
    expect((await confirm('new@example.com', wrongCode(code))).statusCode).toBe(400);
    expect((await confirm('new@example.com', code)).statusCode).toBe(200);
    expect((await confirm('new@example.com', code)).statusCode).toBe(400);

    await start('later@example.com');
    const late = lastCode(t, 'later@example.com');
    t.advance(11 * 60_000);
    const expired = await confirm('later@example.com', late);
    expect(expired.statusCode).toBe(410);
    expect((await get(t, '/api/whoami', token)).json().email).toBe('new@example.com');
  });

  it('stops comparing after five wrong codes, says the code is used up, and a new code works', async () => {
    await start('new@example.com');
    const code = lastCode(t, 'new@example.com');
    for (let i = 0; i < 5; i += 1) await confirm('new@example.com', wrongCode(code));
    const usedUp = await confirm('new@example.com', code);
    expect(usedUp.statusCode).toBe(410);
    expect(usedUp.json()).toEqual({ detail: AUTH_REPLIES.usedUpCode, code: 'code_used_up' });
    expect((await get(t, '/api/whoami', token)).json().email).toBe('old@example.com');

    // "Send a new code" asks again: five new tries, and the new code changes the address.
    await start('new@example.com');
    const fresh = lastCode(t, 'new@example.com');
    expect((await confirm('new@example.com', wrongCode(fresh))).statusCode).toBe(400);
    expect((await confirm('new@example.com', fresh)).statusCode).toBe(200);
  });

  it('answers 409 when the new address was taken between the code and the confirmation', async () => {
    await start('race@example.com');
    const code = lastCode(t, 'race@example.com');
    await newUser(t, 'race@example.com', 'Cy');
    const raced = await confirm('race@example.com', code);
    expect(raced.statusCode).toBe(409);
    expect(raced.json().detail).toBe(
      'That address now belongs to another SAM account, so your address was not changed.',
    );
    expect((await get(t, '/api/whoami', token)).json().email).toBe('old@example.com');
  });

  it('moves sponsorship invitations with the account', async () => {
    const invite = await post(
      t,
      '/api/sponsorship/invitations',
      { inviteeEmail: 'sponsor@example.com', inviterDisplayName: 'Ada', program: 'SAA', role: 'sponsor' },
      token,
    );
    expect(invite.statusCode).toBe(200);
    await start('new@example.com');
    await confirm('new@example.com', lastCode(t, 'new@example.com'));
    const sent = await get(t, '/api/sponsorship/invitations', token);
    expect(sent.json().invitations[0].inviterEmail).toBe('new@example.com');
  });

  it('refuses bad input, no session, and too many sends', async () => {
    expect((await start('not-an-email')).statusCode).toBe(400);
    expect((await post(t, '/api/user/email-change', { newEmail: 'a@example.com' }, token)).statusCode).toBe(
      400,
    );
    expect((await start('new@example.com', AUTH_VALUE, 'no-such-token')).statusCode).toBe(401);
    expect((await confirm('new@example.com', 'abc')).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await start(`n${i}@example.com`)).statusCode).toBe(200);
    expect((await start('n4@example.com')).statusCode).toBe(429);
  });
});
