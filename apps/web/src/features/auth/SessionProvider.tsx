import type { SessionReply, SessionUser } from '@sam/core';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { SESSION_REVOKED_EVENT } from '../../app/http.ts';
import { unlockDevice } from '../sharedDevice/index.ts';
import { SessionContext, type SessionStatus } from './sessionContext.ts';
import { markSignedOutElsewhere, wipePending } from './signOutMarks.ts';
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
    if (!storedToken(localStorage)) {
      // A logout that a closed tab cut short: its token already left storage; the key and drafts go now.
      if (wipePending(localStorage)) {
        void import('./deviceWipe.ts').then(({ wipeDeviceData }) => wipeDeviceData()).catch(() => undefined);
      }
      return;
    }
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
    // A new sign-in opens the key with its password: a lock left by the idle lock or Quick exit is over.
    unlockDevice();
    saveSession(localStorage, reply);
    setState({ status: 'signed-in', user: reply.user });
  }, []);

  const updateUser = useCallback((user: SessionUser) => {
    saveUser(localStorage, user);
    setState((current) => (current.status === 'signed-in' ? { ...current, user } : current));
  }, []);

  // A request's token was refused as ended from another device: this device signs out at once (the key
  // and the cached server state go; drafts stay, encrypted, for the next sign-in), and the sign-in dialog
  // says why.
  useEffect(() => {
    const signedOutElsewhere = () => {
      if (!storedToken(localStorage)) return;
      markSignedOutElsewhere(localStorage);
      clearSession(localStorage);
      unlockDevice();
      loadKeyCrypto()
        .then(({ clearDataKeys }) => clearDataKeys())
        .catch(() => undefined);
      void import('../../app/serverState.tsx')
        .then(({ queryClient }) => queryClient.clear())
        .catch(() => undefined);
      setState({ status: 'signed-out', user: null });
    };
    window.addEventListener(SESSION_REVOKED_EVENT, signedOutElsewhere);
    return () => window.removeEventListener(SESSION_REVOKED_EVENT, signedOutElsewhere);
  }, []);

  const endSession = useCallback(() => {
    clearSession(localStorage);
    unlockDevice();
    setState({ status: 'signed-out', user: null });
  }, []);

  const value = useMemo(
    () => ({ ...state, startSession, updateUser, endSession }),
    [state, startSession, updateUser, endSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
