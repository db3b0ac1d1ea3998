import { AUTH_MESSAGES, type KdfParams, type SessionReply } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { loginCredentials } from '../../crypto/index.ts';
import { authApi } from './api.ts';
import { kdfChangedFor, rememberKdf } from './rememberedKdf.ts';

/** `authValue` stays in memory for the moments right after sign-in that must prove the password again. */
export type SignInResult = { reply: SessionReply; kek: CryptoKey; authValue: string; kdf: KdfParams };

export const KDF_CHANGED = 'kdf_changed';

/**
 * A sign-in refused: a wrong e-mail or password, or an account whose code has not been entered yet (the
 * server answers both alike, so nobody learns who is a member). The sign-in offers the code screen beside it.
 */
export const INVALID_CREDENTIALS = 'invalid_credentials';

/**
 * prelogin -> derive in the browser -> login. The typed password never leaves this function; the server
 * gets the derived auth value. Throws the ApiError of a refused login, or KDF_CHANGED (before deriving) when
 * the remembered address's parameters differ from its last sign-in here.
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
  const reply = await authApi.login(email, credentials.password);
  rememberKdf(localStorage, email, kdf);
  return { reply, kek: credentials.kek, authValue: credentials.password, kdf };
}

/** What an unlock gives back: the kek that opens the data key, and the auth value that was checked. */
export type UnlockResult = { kek: CryptoKey; authValue: string };

/**
 * After the idle lock or a quick exit: the password, derived here, is checked by the server for the
 * session this browser already has (POST /api/auth/sessions/unlock). Unlike a sign-in it makes no second
 * session. The same KDF_CHANGED check as a sign-in comes first. Throws the ApiError of a refused password.
 */
export async function unlockWithPassword(
  email: string,
  password: string,
  options: { acceptChangedKdf?: boolean } = {},
): Promise<UnlockResult> {
  const prelogin = await authApi.prelogin(email);
  const kdf = { salt: prelogin.salt, iterations: prelogin.iterations };
  if (!options.acceptChangedKdf && kdfChangedFor(localStorage, email, kdf)) {
    throw new ApiError(409, AUTH_MESSAGES.kdfChanged, KDF_CHANGED);
  }
  const credentials = await loginCredentials(globalThis.crypto, password, prelogin);
  await authApi.unlock(credentials.password);
  rememberKdf(localStorage, email, kdf);
  return { kek: credentials.kek, authValue: credentials.password };
}

/**
 * The auth value of the signed-in person's password, for the requests that need more than the session
 * (deleting the account or a key, replacing a key's wrapping). Derived here; the password is not sent.
 */
export async function currentAuthValue(email: string, password: string): Promise<string> {
  const prelogin = await authApi.prelogin(email);
  return (await loginCredentials(globalThis.crypto, password, prelogin)).password;
}
