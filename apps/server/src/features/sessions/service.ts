import { SESSIONS_MESSAGES, type SignedInSession } from '@sam/core';
import { listLiveSessions, revokeSessionById, revokeUserSessionsExcept } from '../../db/sessions.ts';
import type { AppDeps } from '../../deps.ts';
import type { Session } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** "Where you're signed in": a person's own live sessions, and ending any of them from any other. */
export function createSessionsService(deps: AppDeps) {
  const { db } = deps;
  return {
    async list(session: Session): Promise<SignedInSession[]> {
      const rows = await listLiveSessions(db, session.user.id, deps.now());
      return rows
        .filter((row) => row.public_id !== null)
        .map((row) => ({
          id: row.public_id as string,
          device: row.device || 'An unknown browser',
          createdAt: iso(row.created_at),
          lastUsedAt: iso(row.last_used_at ?? row.created_at),
          current: row.token_hash === session.tokenHash,
        }));
    },

    async signOut(session: Session, id: string): Promise<void> {
      if (!(await revokeSessionById(db, session.user.id, id, deps.now()))) {
        throw notFound(SESSIONS_MESSAGES.notFound, 'session_not_found');
      }
    },

    async signOutOthers(session: Session): Promise<void> {
      await revokeUserSessionsExcept(db, session.user.id, session.tokenHash, deps.now());
    },

    /**
     * The password of the session's own account, checked (and wrong ones counted) like every re-auth; it
     * makes no session and changes none.
     */
    async unlock(session: Session, authValue: string): Promise<void> {
      await reauthenticate(deps, session.user, authValue);
    },
  };
}
