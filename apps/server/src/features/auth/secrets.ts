import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque session token (256 bits) and the SHA-256 hash that is all the database keeps. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The id a session is shown and ended by (128 bits); unrelated to its token. */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Six digits from a CSPRNG. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are stored keyed by the server secret so a leaked table cannot be brute-forced offline. */
export function hashCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}|${code}`).digest('hex');
}

/** A name (a counter's bucket) as a keyed hash, so a table of them names no address or account. */
export function keyedName(secret: string, name: string): string {
  return createHmac('sha256', secret).update(name).digest('base64url').slice(0, 32);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
