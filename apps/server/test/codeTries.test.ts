import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_REPLIES } from '../src/features/auth/service.ts';
import { lastCode, newUser, post, signUp, startTestApp, type TestApp, wrongCode } from './helpers.ts';

/**
 * A mailed code is used up after five tries, and the page is told so. The confirm and reset routes are
 * public, so an address without an account must get, try for try, exactly the answers an account's address
 * gets: otherwise "used up" would tell who has an account.
 */
let t: TestApp;

beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const USED_UP = { status: 410, body: { detail: AUTH_REPLIES.usedUpCode, code: 'code_used_up' } };
const NOT_RIGHT = { status: 400, body: { detail: AUTH_REPLIES.invalidCode, code: 'invalid_code' } };

async function answer(url: string, payload: object) {
  const res = await post(t, url, payload);
  return { status: res.statusCode, body: res.json() };
}

const RESET = { new_password: 'bmV3LWF1dGgtdmFsdWUtYWZ0ZXItcmVzZXQ=' };

describe('a code tried five times', () => {
  it('confirm: used up for the account and for an address without one, alike at every try', async () => {
    await signUp(t, 'known@example.com');
    await post(t, '/api/auth/resend-confirmation', { email: 'nobody@example.com' });
    const code = lastCode(t, 'known@example.com');
    for (let i = 0; i < 5; i++) {
      const known = await answer('/api/auth/confirm', { email: 'known@example.com', code: wrongCode(code) });
      const unknown = await answer('/api/auth/confirm', {
        email: 'nobody@example.com',
        code: wrongCode(code),
      });
      expect(known).toEqual(NOT_RIGHT);
      expect(unknown).toEqual(known);
    }
    // The right code now: used up, not "not right".
    expect(await answer('/api/auth/confirm', { email: 'known@example.com', code })).toEqual(USED_UP);
    expect(await answer('/api/auth/confirm', { email: 'nobody@example.com', code })).toEqual(USED_UP);
  });

  it('confirm: a new code gives five new tries to every address, and the new code works', async () => {
    await signUp(t, 'again@example.com');
    const first = lastCode(t, 'again@example.com');
    for (let i = 0; i < 5; i++) {
      await post(t, '/api/auth/confirm', { email: 'again@example.com', code: wrongCode(first) });
      await post(t, '/api/auth/confirm', { email: 'ghost@example.com', code: wrongCode(first) });
    }
    await post(t, '/api/auth/resend-confirmation', { email: 'again@example.com' });
    await post(t, '/api/auth/resend-confirmation', { email: 'ghost@example.com' });
    const fresh = lastCode(t, 'again@example.com');
    const known = await answer('/api/auth/confirm', { email: 'again@example.com', code: wrongCode(fresh) });
    const unknown = await answer('/api/auth/confirm', { email: 'ghost@example.com', code: wrongCode(fresh) });
    expect(known).toEqual(NOT_RIGHT);
    expect(unknown).toEqual(known);
    expect((await post(t, '/api/auth/confirm', { email: 'again@example.com', code: fresh })).statusCode).toBe(
      200,
    );
  });

  it('confirm: a confirmed account that asks again answers like an address without one', async () => {
    await newUser(t, 'member@example.com');
    // No code is mailed to a confirmed account; its tries still count like anyone's.
    await post(t, '/api/auth/resend-confirmation', { email: 'member@example.com' });
    await post(t, '/api/auth/resend-confirmation', { email: 'stranger@example.com' });
    for (let i = 0; i < 6; i++) {
      const member = await answer('/api/auth/confirm', { email: 'member@example.com', code: '123456' });
      const stranger = await answer('/api/auth/confirm', { email: 'stranger@example.com', code: '123456' });
      expect(member).toEqual(i < 5 ? NOT_RIGHT : USED_UP);
      expect(stranger).toEqual(member);
    }
  });

  it('reset: used up for the account and for an address without one, alike at every try', async () => {
    await newUser(t, 'owner@example.com');
    await post(t, '/api/auth/forgot-password', { email: 'owner@example.com' });
    await post(t, '/api/auth/forgot-password', { email: 'none@example.com' });
    const code = lastCode(t, 'owner@example.com');
    for (let i = 0; i < 5; i++) {
      const body = { ...RESET, code: wrongCode(code) };
      const known = await answer('/api/auth/reset-password', { ...body, email: 'owner@example.com' });
      const unknown = await answer('/api/auth/reset-password', { ...body, email: 'none@example.com' });
      expect(known).toEqual(NOT_RIGHT);
      expect(unknown).toEqual(known);
    }
    const right = await answer('/api/auth/reset-password', { ...RESET, code, email: 'owner@example.com' });
    const ghost = await answer('/api/auth/reset-password', { ...RESET, code, email: 'none@example.com' });
    expect(right).toEqual(USED_UP);
    expect(ghost).toEqual(right);

    // "Send a new code": five new tries, and the new code resets the password.
    await post(t, '/api/auth/forgot-password', { email: 'owner@example.com' });
    await post(t, '/api/auth/forgot-password', { email: 'none@example.com' });
    const fresh = lastCode(t, 'owner@example.com');
    const body = { ...RESET, code: wrongCode(fresh) };
    const known = await answer('/api/auth/reset-password', { ...body, email: 'owner@example.com' });
    expect(known).toEqual(NOT_RIGHT);
    expect(await answer('/api/auth/reset-password', { ...body, email: 'none@example.com' })).toEqual(known);
    const reset = await post(t, '/api/auth/reset-password', {
      ...RESET,
      code: fresh,
      email: 'owner@example.com',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('reset: tries without any request count alike for an account and an address without one', async () => {
    await newUser(t, 'quiet@example.com');
    for (let i = 0; i < 6; i++) {
      const body = { ...RESET, code: '654321' };
      const known = await answer('/api/auth/reset-password', { ...body, email: 'quiet@example.com' });
      const unknown = await answer('/api/auth/reset-password', { ...body, email: 'nowhere@example.com' });
      expect(known).toEqual(i < 5 ? NOT_RIGHT : USED_UP);
      expect(unknown).toEqual(known);
    }
  });

  it('keeps no address: the tries are stored under keyed hashes', async () => {
    await post(t, '/api/auth/forgot-password', { email: 'private@example.com' });
    await post(t, '/api/auth/reset-password', { ...RESET, code: '000000', email: 'private@example.com' });
    const rows = await t.db.selectFrom('code_tries').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('private');
  });
});
