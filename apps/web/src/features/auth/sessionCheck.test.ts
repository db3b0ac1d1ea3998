import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../testing/testUser.ts';
import { checkStoredSession } from './sessionCheck.ts';
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
