import type { KeyRecord } from '@sam/core';
import { unwrapDecryptOnlyKey } from './dataKey.ts';
import {
  CryptoError,
  WRONG_EARLIER_PASSWORD_MESSAGE,
  WRONG_EARLIER_RECOVERY_CODE_MESSAGE,
} from './errors.ts';
import { deriveAccountKeys } from './kdf.ts';
import { recoveryWrappingKey } from './recoveryCode.ts';

/** What can open an earlier key record: the password it was wrapped under, or the recovery code of then. */
export type EarlierSecret =
  | { way: 'old-password'; password: string }
  | { way: 'recovery-code'; code: string };

/**
 * Opens the data keys of inactive key records (kept when a new key was made after a password reset) that
 * `secret` fits, as non-extractable AES-GCM keys that only decrypt. A password is stretched with each
 * record's own KDF parameters (the account's at the time the record was wrapped); a recovery code opens
 * the record's recovery wrapping. Returns [] for no records. Throws CryptoError 'wrong-password' or
 * 'wrong-recovery-code' when the secret opens none of them, 'invalid-recovery-code' for a mistyped code.
 */
export async function openInactiveKeys(
  crypto: Crypto,
  records: readonly KeyRecord[],
  secret: EarlierSecret,
): Promise<CryptoKey[]> {
  if (records.length === 0) return [];
  const opened: CryptoKey[] = [];
  if (secret.way === 'recovery-code') {
    const recoveryKey = await recoveryWrappingKey(crypto, secret.code);
    for (const record of records) {
      const key = await unwrapDecryptOnlyKey(crypto, record.recoveryEncryptedKey, recoveryKey).catch(
        () => null,
      );
      if (key) opened.push(key);
    }
    if (opened.length === 0)
      throw new CryptoError('wrong-recovery-code', WRONG_EARLIER_RECOVERY_CODE_MESSAGE);
    return opened;
  }
  // Records wrapped under the same password share their parameters: stretch it once for them.
  const keks = new Map<string, Promise<CryptoKey | null>>();
  for (const record of records) {
    const id = `${record.kdf.iterations}:${record.kdf.salt}`;
    if (!keks.has(id)) {
      keks.set(
        id,
        deriveAccountKeys(crypto, secret.password, record.kdf).then(
          ({ kek }) => kek,
          // Parameters too weak to trust cannot be the ones SAM wrapped with: that record is not this one.
          () => null,
        ),
      );
    }
    const kek = await keks.get(id);
    const key = kek ? await unwrapDecryptOnlyKey(crypto, record.encryptedKey, kek).catch(() => null) : null;
    if (key) opened.push(key);
  }
  if (opened.length === 0) throw new CryptoError('wrong-password', WRONG_EARLIER_PASSWORD_MESSAGE);
  return opened;
}
