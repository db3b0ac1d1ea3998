import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isInvitationTokenShape } from '@sam/core';

/**
 * Invitation tokens: a minimal JWT (HS256) signed with a key derived from the server secret.
 * The payload names the invitation and the expiry; the database keeps only the token's SHA-256.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const signingKey = (secret: string) =>
  createHmac('sha256', secret).update('sam-invitation-token-v1').digest();

const sign = (secret: string, input: string) =>
  createHmac('sha256', signingKey(secret)).update(input).digest();

export type InvitationTokenPayload = { sub: string; exp: number; iat: number; jti: string };

/** `expiresAt` in epoch ms; the JWT carries seconds, so the expiry is rounded down to a second. */
export function issueInvitationToken(
  secret: string,
  invitationId: string,
  now: number,
  expiresAt: number,
): { token: string; hash: string; expiresAt: number } {
  const payload: InvitationTokenPayload = {
    sub: invitationId,
    iat: Math.floor(now / 1000),
    exp: Math.floor(expiresAt / 1000),
    jti: randomBytes(16).toString('base64url'),
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const token = `${body}.${sign(secret, body).toString('base64url')}`;
  return { token, hash: hashInvitationToken(token), expiresAt: payload.exp * 1000 };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The payload of a token this server signed, or null for anything malformed, forged or altered. */
export function verifyInvitationToken(secret: string, token: string): InvitationTokenPayload | null {
  if (!isInvitationTokenShape(token)) return null;
  const [header, body, signature] = token.split('.') as [string, string, string];
  if (header !== HEADER) return null;
  const expected = sign(secret, `${header}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as Partial<InvitationTokenPayload>;
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    return payload as InvitationTokenPayload;
  } catch {
    return null;
  }
}
