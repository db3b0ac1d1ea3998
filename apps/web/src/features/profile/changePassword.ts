import { PROFILE_UI_MESSAGES } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { CryptoError, changePasswordCredentials } from '../../crypto/index.ts';
import { authApi, keysApi, rememberKdf } from '../auth/index.ts';
import { profileApi } from './api.ts';

/**
 * A password change (docs/decisions/0021-the-key-hierarchy.md): open the data key with the current
 * password, wrap it under the new one (new salt) and send both auth values with the new wrapping in one
 * request. Nothing is re-encrypted, so every earlier answer stays readable. Returns the server's reply text.
 */
export async function changePassword(
  account: { userId: string; email: string },
  current: string,
  next: string,
) {
  const record = await keysApi.get(account.userId);
  if (!record) throw new ApiError(404, 'No encryption key found');
  const prelogin = await authApi.prelogin(account.email);
  let credentials: Awaited<ReturnType<typeof changePasswordCredentials>>;
  try {
    credentials = await changePasswordCredentials({
      crypto: globalThis.crypto,
      record,
      currentKdf: { salt: prelogin.salt, iterations: prelogin.iterations },
      currentPassword: current,
      newPassword: next,
    });
  } catch (error) {
    // The current password is checked here first: a wrong one cannot open the key it must re-wrap.
    if (error instanceof CryptoError && error.code === 'wrong-password') {
      throw new ApiError(401, PROFILE_UI_MESSAGES.currentPasswordWrong, 'invalid_credentials');
    }
    throw error;
  }
  const { password, new_password, kdf, encryptedKey } = credentials;
  const reply = await profileApi.changePassword({ password, new_password, kdf, encryptedKey });
  rememberKdf(localStorage, account.email, kdf);
  return reply.message;
}
