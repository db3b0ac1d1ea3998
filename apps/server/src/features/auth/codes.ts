import { CONFIRMATION_CODE_TTL_MINUTES } from '@sam/core';
import { type CodePurpose, countTry, replaceCode } from '../../db/authCodes.ts';
import type { Db } from '../../db/index.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, gone } from '../../http/errors.ts';
import { MINUTE } from '../../http/rateLimit.ts';
import { hashCode, newCode, sameHash } from './secrets.ts';
import { AUTH_REPLIES } from './service.ts';

/**
 * The mailed 6-digit codes of sign-up, reset and e-mail change. `boundTo` ties a code to more than its
 * account (the new address of an e-mail change): it is hashed with the code, so the code opens nothing else.
 */
const codeHash = (deps: AppDeps, userId: string, code: string, boundTo?: string) =>
  hashCode(deps.secret, userId, boundTo === undefined ? code : `${code}|${boundTo}`);

/** A new code for `purpose`, replacing any earlier one; returns it to mail, with its expiry. */
export async function issueCode(
  trx: Db,
  deps: AppDeps,
  userId: string,
  purpose: CodePurpose,
  boundTo?: string,
): Promise<{ code: string; expiresAt: number }> {
  const code = newCode();
  const now = deps.now();
  const expiresAt = now + CONFIRMATION_CODE_TTL_MINUTES * MINUTE;
  await replaceCode(trx, {
    user_id: userId,
    purpose,
    code_hash: codeHash(deps, userId, code, boundTo),
    created_at: now,
    expires_at: expiresAt,
  });
  return { code, expiresAt };
}

/**
 * Counts one try of the live code and checks it: 400 when it is wrong (or its tries are used up, or there
 * is none), 410 when it has expired. The caller consumes it where it acts.
 */
export async function checkCode(
  deps: AppDeps,
  userId: string | undefined,
  purpose: CodePurpose,
  code: string,
  boundTo?: string,
): Promise<void> {
  const row = userId && (await countTry(deps.db, userId, purpose, deps.config.rateLimits.codeWrongTries));
  if (!userId || !row || !sameHash(row.code_hash, codeHash(deps, userId, code, boundTo))) {
    throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
  }
  if (row.expires_at <= deps.now()) throw gone(AUTH_REPLIES.expiredCode, 'code_expired');
}
