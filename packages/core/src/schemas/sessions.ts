import { z } from 'zod';
import { authValueSchema } from './auth.ts';

/** One place a person is signed in: no address or location, only what the browser said it was. */
export const signedInSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const sessionsReplySchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SessionsReply = z.infer<typeof sessionsReplySchema>;

export const sessionIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'That is not a session id'),
});

export const SESSIONS_MESSAGES = {
  notFound: 'That sign-in has already ended.',
  signedOut: 'Signed out on that device.',
  signedOutOthers: 'Signed out everywhere else.',
  unlocked: 'Unlocked.',
  /** A revoked session's 401 (code SESSION_REVOKED), and what the sign-in page says once afterwards. */
  signedOutElsewhere: 'You were signed out from another device.',
} as const;

/** The 401 code of a session that was ended (from another device, or by a password change), not expired. */
export const SESSION_REVOKED = 'session_revoked';

/**
 * Unlocking after the idle lock or a quick exit: the password's auth value, checked against the session's
 * own account. The session goes on; no new one is made.
 */
export const unlockBodySchema = z.object({ password: authValueSchema });
export type UnlockBody = z.infer<typeof unlockBodySchema>;
