import { CODE_USED_UP, CONFIRMATION_CODE_TTL_MINUTES } from '@sam/core';
import { type CodePurpose, countTry, replaceCode } from '../../db/authCodes.ts';
import { clearCodeTries, countCodeTry, deleteCodeTriesBefore } from '../../db/codeTries.ts';
import type { Db } from '../../db/index.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, gone } from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';
import { hashCode, keyedName, newCode, sameHash } from './secrets.ts';
import { AUTH_REPLIES } from './service.ts';

/**
 * The mailed 6-digit codes of sign-up, reset and e-mail change. `boundTo` ties a code to more than its
 * account (the new address of an e-mail change): it is hashed with the code, so the code opens nothing else.
 */
const codeHash = (deps: AppDeps, userId: string, code: string, boundTo?: string) =>
  hashCode(deps.secret, userId, boundTo === undefined ? code : `${code}|${boundTo}`);

/**
 * Who the tries of a code are counted for: the address on the public routes (the same for an address
 * without an account), the account for an e-mail change.
 */
const triesBucket = (deps: AppDeps, purpose: CodePurpose, subject: string) =>
  keyedName(deps.secret, `code-tries:${purpose}:${subject}`);

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
 * A new code was asked for `subject`: its tries start again. Called by the request itself, before the
 * mail worker decides whether there is a code to send, so it is the same for every address.
 */
export async function restartCodeTries(deps: AppDeps, purpose: CodePurpose, subject: string): Promise<void> {
  await clearCodeTries(deps.db, triesBucket(deps, purpose, subject));
}

type CodeTry = {
  purpose: CodePurpose;
  /** The address (public routes) or account (e-mail change) the tries are counted for. */
  subject: string;
  /** The account the code belongs to; undefined for an address without one. */
  userId: string | undefined;
  code: string;
  boundTo?: string;
};

/**
 * Counts one try for the subject and checks the code. 410 `code_used_up` once the subject has had its
 * tries since the last request, whether or not it has an account or a code; otherwise 400 when the code
 * is wrong (or there is none, or its own tries are used up), 410 when the right code has expired. The
 * caller consumes it where it acts.
 */
export async function checkCode(deps: AppDeps, attempt: CodeTry): Promise<void> {
  const { purpose, subject, userId, code, boundTo } = attempt;
  const maxTries = deps.config.rateLimits.codeWrongTries;
  const tries = await countCodeTry(deps.db, triesBucket(deps, purpose, subject), deps.now());
  if (tries > maxTries) throw gone(AUTH_REPLIES.usedUpCode, CODE_USED_UP);
  // The code's own count stays the guard: however many tries arrive at once, five are compared.
  const row = userId && (await countTry(deps.db, userId, purpose, maxTries));
  if (!userId || !row || !sameHash(row.code_hash, codeHash(deps, userId, code, boundTo))) {
    throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
  }
  if (row.expires_at <= deps.now()) throw gone(AUTH_REPLIES.expiredCode, 'code_expired');
}

/** Counts of tries not touched for two days: their codes expired long ago. */
export async function sweepCodeTries(deps: AppDeps): Promise<void> {
  await deleteCodeTriesBefore(deps.db, deps.now() - 48 * HOUR);
}
