import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http.ts';
import { TEST_USER } from '../../testing/testUser.ts';
import { storedUser } from './sessionCheck.ts';
import {
  checkEndsSession,
  clearSession,
  followEmailChange,
  hasAccountFlag,
  rememberedEmail,
  type SessionStore,
  saveSession,
  setHasAccountFlag,
  setRememberedEmail,
  storedToken,
  storedUserId,
} from './storedSession.ts';

function fakeStore(initial: Record<string, string> = {}): SessionStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const user = TEST_USER;

describe('stored session', () => {
  it('saves the token, the user and the account flag', () => {
    const store = fakeStore();
    saveSession(store, { token: 't1', user });
    expect(storedToken(store)).toBe('t1');
    expect(JSON.parse(store.data.get('user_info') ?? '')).toEqual(user);
    expect(hasAccountFlag(store)).toBe(true);
  });

  it('clears the session and the old token keys but keeps the account flag and remembered email', () => {
    const store = fakeStore({ id_token: 'x', access_token: 'y', refresh_token: 'z' });
    saveSession(store, { token: 't1', user });
    setRememberedEmail(store, 'a@example.com');
    clearSession(store);
    expect([...store.data.keys()].sort()).toEqual(['rc_has_account', 'remembered_email']);
    expect(rememberedEmail(store)).toBe('a@example.com');
  });

  it('sets and clears the account flag and the remembered email', () => {
    const store = fakeStore();
    setHasAccountFlag(store, true);
    setRememberedEmail(store, 'b@example.com');
    setHasAccountFlag(store, false);
    setRememberedEmail(store, null);
    expect(store.data.size).toBe(0);
  });

  it('follows an e-mail change only where the old address was remembered, keeping its kept parameters', () => {
    const store = fakeStore();
    setRememberedEmail(store, 'Old@example.com');
    store.setItem('sam-remembered-kdf', '600000:c2FsdA==');
    followEmailChange(store, 'old@example.com', 'new@example.com');
    expect(rememberedEmail(store)).toBe('new@example.com');
    expect(store.getItem('sam-remembered-kdf')).toBe('600000:c2FsdA==');

    const elsewhere = fakeStore();
    setRememberedEmail(elsewhere, 'someone@example.com');
    followEmailChange(elsewhere, 'old@example.com', 'new@example.com');
    expect(rememberedEmail(elsewhere)).toBe('someone@example.com');
  });

  it('reads back the saved user, and null for none or a damaged one', () => {
    const store = fakeStore();
    expect(storedUser(store)).toBeNull();
    saveSession(store, { token: 't1', user });
    expect(storedUser(store)).toEqual(user);
    store.setItem('user_info', '{not json');
    expect(storedUser(store)).toBeNull();
    store.setItem('user_info', JSON.stringify({ email: 'a@example.com' }));
    expect(storedUser(store)).toBeNull();
  });

  it("reads the saved user's id only beside a token, and null for a damaged record", () => {
    const store = fakeStore({ user_info: JSON.stringify(user) });
    expect(storedUserId(store)).toBeNull();
    saveSession(store, { token: 't1', user });
    expect(storedUserId(store)).toBe(user.id);
    for (const damaged of [
      '{not json',
      'null',
      '"id"',
      JSON.stringify({ id: 7 }),
      JSON.stringify([user.id]),
    ]) {
      store.setItem('user_info', damaged);
      expect(storedUserId(store)).toBeNull();
    }
  });
});

describe('checkEndsSession', () => {
  it('ends the session only when the server answered and refused the token', () => {
    expect(checkEndsSession(new ApiError(401, 'Not authenticated'))).toBe(true);
    expect(checkEndsSession(new ApiError(403, 'Forbidden'))).toBe(true);
    expect(checkEndsSession(new ApiError(0, 'Network error. Please try again.'))).toBe(false);
    expect(checkEndsSession(new ApiError(500, 'Internal error'))).toBe(false);
    expect(checkEndsSession(new ApiError(503, 'Unavailable'))).toBe(false);
    expect(checkEndsSession(new ApiError(429, 'Too many requests'))).toBe(false);
    expect(checkEndsSession(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});
