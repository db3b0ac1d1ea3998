import type { SessionReply, SessionUser } from '@sam/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { authApi } from './api.ts';
import { SessionContext, type SessionStatus } from './sessionContext.ts';
import {
  checkEndsSession,
  clearSession,
  saveSession,
  saveUser,
  storedToken,
  storedUser,
} from './storedSession.ts';

const loadKeyCrypto = () => import('./dataKeyCrypto.ts');

type State = { status: SessionStatus; user: SessionUser | null };

/**
 * The session, checked once at start-up: with a stored token, GET /api/whoami decides. A check the server
 * refuses clears the session; one that gets no answer (offline, cut off by a navigation) keeps it with the
 * user saved beside the token. A good check records the last login, whose failure is only logged.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() => ({
    status: storedToken(localStorage) ? 'checking' : 'signed-out',
    user: null,
  }));

  useEffect(() => {
    if (!storedToken(localStorage)) return;
    let cancelled = false;
    // A session needs its data key next: that code loads while the session is checked.
    void loadKeyCrypto().catch(() => undefined);
    authApi
      .whoami()
      .then((user) => {
        if (cancelled) return;
        saveUser(localStorage, user);
        setState({ status: 'signed-in', user });
        authApi.recordLogin().catch((error) => console.warn('Failed to update last login', error));
      })
      .catch((error) => {
        if (cancelled) return;
        const user = storedUser(localStorage);
        if (!checkEndsSession(error) && user) {
          setState({ status: 'signed-in', user });
          return;
        }
        clearSession(localStorage);
        loadKeyCrypto()
          .then(({ clearDataKeys }) => clearDataKeys())
          .catch(() => undefined);
        setState({ status: 'signed-out', user: null });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const startSession = useCallback((reply: Pick<SessionReply, 'token' | 'user'>) => {
    saveSession(localStorage, reply);
    setState({ status: 'signed-in', user: reply.user });
  }, []);

  const updateUser = useCallback((user: SessionUser) => {
    saveUser(localStorage, user);
    setState((current) => (current.status === 'signed-in' ? { ...current, user } : current));
  }, []);

  const endSession = useCallback(() => {
    clearSession(localStorage);
    setState({ status: 'signed-out', user: null });
  }, []);

  const value = useMemo(
    () => ({ ...state, startSession, updateUser, endSession }),
    [state, startSession, updateUser, endSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
