import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { MINUTE } from '../../http/rateLimit.ts';
import { verifyPassword } from './passwords.ts';

export const REAUTH_MESSAGES = {
  required: 'Please enter your password to confirm this.',
  wrong: 'Your current password is not right.',
} as const;

/** Wrong current passwords allowed per account in 15 minutes, across every route that asks for one. */
export const REAUTH_TRIES = 10;
const WINDOW = 15 * MINUTE;

const tooManyTries = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'too_many_attempts',
    `Too many wrong passwords. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`,
    retryAfterSeconds,
  );

/**
 * A session alone may read and write, but not destroy: re-wrapping or deleting keys, deleting the account
 * and changing the password also need the current auth value. Wrong values are counted before they are
 * checked, like sign-in.
 */
export async function reauthenticate(
  deps: AppDeps,
  user: UserRow,
  authValue: string | undefined,
): Promise<void> {
  if (!authValue) throw unauthorized(REAUTH_MESSAGES.required, 'reauth_required');
  const takeBack = await deps.limiter.reserve(`reauth:${user.id}`, REAUTH_TRIES, WINDOW, tooManyTries);
  if (!(await verifyPassword(user.password_hash, authValue))) {
    throw unauthorized(REAUTH_MESSAGES.wrong, 'invalid_credentials');
  }
  await takeBack();
}
