/** Why a crypto operation failed; the UI can branch on it. */
export type CryptoErrorCode =
  | 'decrypt-failed'
  | 'wrong-wrapping-key'
  | 'invalid-recovery-code'
  | 'wrong-recovery-code'
  | 'wrong-password'
  | 'invalid-kdf'
  | 'invalid-key'
  | 'bad-public-key';

/**
 * An error of the crypto module. Its message is written for the person using SAM and may be shown as it
 * is; it never contains a password, a code or key material.
 */
export class CryptoError extends Error {
  readonly code: CryptoErrorCode;

  constructor(code: CryptoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CryptoError';
    this.code = code;
  }
}

export const DECRYPT_FAILED_MESSAGE = 'Failed to decrypt data';
export const INVALID_RECOVERY_CODE_MESSAGE = 'That recovery code is not valid. Check it and try again.';
export const WRONG_RECOVERY_CODE_MESSAGE =
  'That recovery code does not unlock your saved data. Check it and try again.';
export const WRONG_PASSWORD_MESSAGE =
  'That password does not unlock your saved data. Check it and try again.';
export const WRONG_EARLIER_PASSWORD_MESSAGE =
  'That password does not unlock your earlier writing. It is the password you used before your password was reset. Check it and try again.';
export const WRONG_EARLIER_RECOVERY_CODE_MESSAGE =
  'That recovery code does not unlock your earlier writing. It is the code you saved before your password was reset. Check it and try again.';
export const WRONG_WRAPPING_KEY_MESSAGE = 'Your encryption key could not be unlocked with this key.';
