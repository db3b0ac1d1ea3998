// @vitest-environment jsdom
import { KDF_ITERATIONS, KDF_NAME, STORAGE_KEYS } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/http.ts';
import { unlockWithPassword } from './signIn.ts';

const SALT = 'c2FsdHNhbHRzYWx0c2FsdA==';
let paths: string[];
let unlockStatus: number;

beforeEach(() => {
  paths = [];
  unlockStatus = 200;
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.authToken, 'this-session');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/auth/prelogin')
        return reply(200, { kdf: KDF_NAME, iterations: KDF_ITERATIONS, salt: SALT });
      if (path === '/api/auth/sessions/unlock') {
        return unlockStatus === 200
          ? reply(200, { message: 'Unlocked.' })
          : reply(401, { detail: 'Your current password is not right.', code: 'invalid_credentials' });
      }
      return reply(404, { detail: 'Not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('unlockWithPassword', () => {
  it('checks the password for the session this browser has, and signs in anew nowhere', async () => {
    const result = await unlockWithPassword('ada@example.com', 'a long enough password');
    expect(paths).toEqual(['/api/auth/prelogin', '/api/auth/sessions/unlock']);
    expect(result.kek).toBeInstanceOf(CryptoKey);
    expect(result.authValue).not.toContain('a long enough password');
    // The session is the one it was: no new token was stored.
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('this-session');
  });

  it('gives back the refusal of a wrong password', async () => {
    unlockStatus = 401;
    const refused = await unlockWithPassword('ada@example.com', 'not the password').catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(paths).not.toContain('/api/auth/login');
  });
});
