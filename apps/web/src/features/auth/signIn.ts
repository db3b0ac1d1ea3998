import type { SessionReply } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { loginCredentials } from '../../crypto/index.ts';
import { authApi } from './api.ts';
import { keepPendingKek } from './pendingKeks.ts';

export type SignInResult = { reply: SessionReply; kek: CryptoKey };

export const EMAIL_NOT_CONFIRMED = 'email_not_confirmed';

/**
 * prelogin -> derive in the browser -> login. The typed password never leaves this function; the server
 * gets the derived auth value. Throws the ApiError of a refused login; for an unconfirmed e-mail the kek is
 * kept in memory first, so the verification page can open the data key without asking again.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  const prelogin = await authApi.prelogin(email);
  const credentials = await loginCredentials(globalThis.crypto, password, prelogin);
  try {
    const reply = await authApi.login(email, credentials.password);
    return { reply, kek: credentials.kek };
  } catch (error) {
    if (error instanceof ApiError && error.code === EMAIL_NOT_CONFIRMED)
      keepPendingKek(email, credentials.kek);
    throw error;
  }
}
