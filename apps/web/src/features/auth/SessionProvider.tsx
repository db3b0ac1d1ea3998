import type { SessionReply, SessionUser } from '@sam/core';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { SessionContext, type SessionStatus } from './sessionContext.ts';
import { clearSession, saveSession, saveUser, storedToken } from './storedSession.ts';

const loadKeyCrypto = () => import('./dataKeyCrypto.ts');

type State = { status: SessionStatus; user: SessionUser | null };

/** The session, checked once at start-up when a token is stored (checkStoredSession). */
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
    // The answer draws the whole app in place of 'Initializing...': in a transition, React draws it in
    // slices, so a tap meanwhile is not kept waiting.
    const settle = (next: State) => startTransition(() => setState(next));
    import('./sessionCheck.ts')
      .then(({ checkStoredSession }) => checkStoredSession(localStorage))
      .then((user) => {
        if (cancelled) return;
        if (user) {
          settle({ status: 'signed-in', user });
          return;
        }
        loadKeyCrypto()
          .then(({ clearDataKeys }) => clearDataKeys())
          .catch(() => undefined);
        settle({ status: 'signed-out', user: null });
      })
      // Its code could not be loaded (offline, and not cached): signed out for now, the session kept.
      .catch(() => {
        if (!cancelled) settle({ status: 'signed-out', user: null });
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
