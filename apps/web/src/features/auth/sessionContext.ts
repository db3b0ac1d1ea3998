import type { SessionReply, SessionUser } from '@sam/core';
import { createContext, useContext } from 'react';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export type Session = {
  status: SessionStatus;
  user: SessionUser | null;
  /** After confirm or login: stores token and user and signs the user in. */
  startSession(reply: Pick<SessionReply, 'token' | 'user'>): void;
  /** The same session, with what the server now says about the user (a new e-mail, a new binding). */
  updateUser(user: SessionUser): void;
  /** Forgets the stored session (token, user, old token keys) and signs the user out. */
  endSession(): void;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
