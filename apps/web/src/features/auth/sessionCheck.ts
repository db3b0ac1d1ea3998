import { SESSION_REVOKED, type SessionUser, STORAGE_KEYS, sessionUserSchema } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { whenIdle } from '../../app/whenIdle.ts';
import { authApi } from './api.ts';
import { markSignedOutElsewhere } from './signOutMarks.ts';
import { checkEndsSession, clearSession, type SessionStore, saveUser } from './storedSession.ts';

/** The user saved with the session, or null (none, or not readable). */
export function storedUser(store: SessionStore): SessionUser | null {
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(store.getItem(STORAGE_KEYS.userInfo) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

declare global {
  interface Window {
    /** GET /api/whoami, sent by public/first-paint.js as the page started when a session was stored. */
    samSessionCheck?: Promise<Response>;
  }
}

/** The check public/first-paint.js sent as the page started, once: a later check asks the server anew. */
function takeSessionCheckSentAhead(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const sent = window.samSessionCheck;
  delete window.samSessionCheck;
  return sent;
}

/**
 * The start-up check of a stored session: GET /api/whoami decides, the one sent as the page started if
 * there is one (`sentAhead`). A check the server refuses clears the session (null); one that gets no answer
 * (offline, cut off by a navigation) keeps it with the user saved beside the token. A good check records
 * the last login once the page is idle; a failure is only logged. Loaded only when a session is stored:
 * with the reply schemas (zod), which a visitor's first load goes without.
 */
export async function checkStoredSession(
  store: SessionStore,
  sentAhead = takeSessionCheckSentAhead(),
): Promise<SessionUser | null> {
  try {
    const user = await authApi.whoami(sentAhead);
    saveUser(store, user);
    whenIdle(() => {
      authApi.recordLogin().catch((error) => console.warn('Failed to update last login', error));
    });
    return user;
  } catch (error) {
    const user = storedUser(store);
    if (!checkEndsSession(error) && user) return user;
    // Ended from another device: the sign-in dialog says so, once.
    if (error instanceof ApiError && error.code === SESSION_REVOKED) markSignedOutElsewhere(store);
    clearSession(store);
    return null;
  }
}
