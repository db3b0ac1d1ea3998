import { AUTH_MESSAGES, type KdfParams, type SessionReply } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { loginCredentials } from '../../crypto/index.ts';
import { authApi } from './api.ts';
import { keepPendingKek } from './pendingKeks.ts';
import { kdfChangedFor, rememberKdf } from './rememberedKdf.ts';

/** `authValue` stays in memory for the moments right after sign-in that must prove the password again. */
export type SignInResult = { reply: SessionReply; kek: CryptoKey; authValue: string; kdf: KdfParams };

export const KDF_CHANGED = 'kdf_changed';

export const EMAIL_NOT_CONFIRMED = 'email_not_confirmed';

/**
 * prelogin -> derive in the browser -> login. The typed password never leaves this function; the server
 * gets the derived auth value. Throws the ApiError of a refused login, or KDF_CHANGED (before deriving) when
 * the remembered address's parameters differ from its last sign-in here; for an unconfirmed e-mail the kek is
 * kept in memory first, so the verification page can open the data key without asking again.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  options: { acceptChangedKdf?: boolean } = {},
): Promise<SignInResult> {
  const prelogin = await authApi.prelogin(email);
  const kdf = { salt: prelogin.salt, iterations: prelogin.iterations };
  // Nothing derived from the password leaves the browser under parameters this device has not seen before
  // for its remembered address, until the person says the change is theirs.
  if (!options.acceptChangedKdf && kdfChangedFor(localStorage, email, kdf)) {
    throw new ApiError(409, AUTH_MESSAGES.kdfChanged, KDF_CHANGED);
  }
  const credentials = await loginCredentials(globalThis.crypto, password, prelogin);
  try {
    const reply = await authApi.login(email, credentials.password);
    rememberKdf(localStorage, email, kdf);
    return { reply, kek: credentials.kek, authValue: credentials.password, kdf };
  } catch (error) {
    if (error instanceof ApiError && error.code === EMAIL_NOT_CONFIRMED)
      keepPendingKek(email, credentials.kek);
    throw error;
  }
}

/**
 * The auth value of the signed-in person's password, for the requests that need more than the session
 * (deleting the account or a key, replacing a key's wrapping). Derived here; the password is not sent.
 */
export async function currentAuthValue(email: string, password: string): Promise<string> {
  const prelogin = await authApi.prelogin(email);
  return (await loginCredentials(globalThis.crypto, password, prelogin)).password;
}
