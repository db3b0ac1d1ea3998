import { z } from 'zod';

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
} as const;
