import { AUTH_MESSAGES, SESSION_REVOKED, SESSIONS_MESSAGES } from '@sam/core';
import type { FastifyRequest } from 'fastify';
import { findSessionUser, touchSession, wasRevoked } from '../db/sessions.ts';
import type { UserRow } from '../db/users.ts';
import type { AppDeps } from '../deps.ts';
import { hashToken } from '../features/auth/secrets.ts';
import { unauthorized } from './errors.ts';

export type Session = { user: UserRow; tokenHash: string; publicId: string };

/** Last use is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a request, or 401 with a readable detail when there is no usable token. */
export async function requireSession(deps: AppDeps, request: FastifyRequest): Promise<Session> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(AUTH_MESSAGES.noToken, 'no_token');
  if (token.length > 200)
    throw unauthorized('Your session is not valid. Please sign in again.', 'invalid_token');
  const tokenHash = hashToken(token);
  const now = deps.now();
  const found = await findSessionUser(deps.db, tokenHash, now);
  if (!found || found.user.status === 'inactive') {
    // Ended from another device (or by a password change there): the device is told so, once.
    if (!found && (await wasRevoked(deps.db, tokenHash, now))) {
      throw unauthorized(SESSIONS_MESSAGES.signedOutElsewhere, SESSION_REVOKED);
    }
    throw unauthorized('Your session has ended. Please sign in again.', 'invalid_token');
  }
  if (found.lastUsedAt === null || now - found.lastUsedAt >= TOUCH_EVERY_MS) {
    await touchSession(deps.db, found, tokenHash, now);
  }
  return { user: found.user, tokenHash, publicId: found.publicId };
}

/** Like requireSession, but a request without a token is anonymous instead of refused. */
export async function optionalSession(deps: AppDeps, request: FastifyRequest): Promise<Session | undefined> {
  return bearerToken(request) ? requireSession(deps, request) : undefined;
}
