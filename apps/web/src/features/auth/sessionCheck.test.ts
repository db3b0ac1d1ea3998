import { SESSION_REVOKED } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../testing/testUser.ts';
import { checkStoredSession } from './sessionCheck.ts';
import { takeSignedOutElsewhere } from './signOutMarks.ts';
import { type SessionStore, saveSession, storedToken } from './storedSession.ts';

const user = TEST_USER;

function signedInStore(): SessionStore {
  const data = new Map<string, string>();
  const store: SessionStore = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  saveSession(store, { token: 't1', user });
  return store;
}

/** The server's answers: whoami's, then the last-login record's. */
function server(whoami: () => Response) {
  const fetch = vi.fn(async (path: string) =>
    path === '/api/whoami' ? whoami() : Response.json({ message: 'Login recorded' }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkStoredSession', () => {
  it('gives the user the server names, keeps it, and records the login', async () => {
    const renamed = { ...user, name: 'Alexandra' };
    const fetch = server(() => Response.json(renamed));
    const store = signedInStore();
    expect(await checkStoredSession(store)).toEqual(renamed);
    expect(JSON.parse(store.getItem('user_info') ?? 'null')).toEqual(renamed);
    await vi.waitFor(() => expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/profile/login'));
  });

  it('ends the session the server refuses', async () => {
    server(() => Response.json({ detail: 'Not authenticated', code: 'unauthorized' }, { status: 401 }));
    const store = signedInStore();
    expect(await checkStoredSession(store)).toBeNull();
    expect(storedToken(store)).toBeNull();
  });

  it('marks a session ended from another device, so the sign-in dialog says why; an ended one is not', async () => {
    server(() =>
      Response.json(
        { detail: 'You were signed out from another device.', code: SESSION_REVOKED },
        { status: 401 },
      ),
    );
    const revoked = signedInStore();
    expect(await checkStoredSession(revoked)).toBeNull();
    expect(storedToken(revoked)).toBeNull();
    expect(takeSignedOutElsewhere(revoked)).toBe(true);

    server(() =>
      Response.json({ detail: 'Your session has ended.', code: 'invalid_token' }, { status: 401 }),
    );
    const expired = signedInStore();
    expect(await checkStoredSession(expired)).toBeNull();
    expect(takeSignedOutElsewhere(expired)).toBe(false);
  });

  it('reads the answer of the check sent as the page started, and sends no other', async () => {
    const renamed = { ...user, name: 'Alexandra' };
    const fetch = server(() => Response.json(user));
    const store = signedInStore();
    expect(await checkStoredSession(store, Promise.resolve(Response.json(renamed)))).toEqual(renamed);
    await vi.waitFor(() => expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/profile/login']));
  });

  it('takes the check public/first-paint.js sent once: a later check asks the server', async () => {
    const renamed = { ...user, name: 'Alexandra' };
    const fetch = server(() => Response.json(user));
    vi.stubGlobal('window', { samSessionCheck: Promise.resolve(Response.json(renamed)) });
    expect(await checkStoredSession(signedInStore())).toEqual(renamed);
    expect(fetch.mock.calls.map(([path]) => path)).not.toContain('/api/whoami');
    expect(await checkStoredSession(signedInStore())).toEqual(user);
    expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/whoami');
  });

  it('ends the session when the check sent as the page started is refused', async () => {
    server(() => Response.json(user));
    const store = signedInStore();
    const refused = Response.json({ detail: 'Not authenticated', code: 'unauthorized' }, { status: 401 });
    expect(await checkStoredSession(store, Promise.resolve(refused))).toBeNull();
    expect(storedToken(store)).toBeNull();
  });

  it('keeps the session when the check sent as the page started got no answer', async () => {
    server(() => Response.json(user));
    const store = signedInStore();
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    // As public/first-paint.js sends it: its failure handled until the app takes it.
    lost.catch(() => undefined);
    expect(await checkStoredSession(store, lost)).toEqual(user);
    expect(storedToken(store)).toBe('t1');
  });

  it('keeps the session with its saved user when the server does not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = signedInStore();
    expect(await checkStoredSession(store)).toEqual(user);
    expect(storedToken(store)).toBe('t1');
  });
});
