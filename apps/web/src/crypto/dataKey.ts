import { base64ToBytes, bytesToBase64 } from './encoding.ts';
import { CryptoError, WRONG_WRAPPING_KEY_MESSAGE } from './errors.ts';

const DATA_KEY_ALGORITHM = { name: 'AES-GCM', length: 256 } as const;
const DATA_KEY_USAGES: KeyUsage[] = ['encrypt', 'decrypt'];

/**
 * A fresh random AES-GCM-256 data key. It is extractable only so that it can be wrapped; wrap it, then
 * use the non-extractable copy from {@link unwrapDataKey} and drop this one.
 */
export function createDataKey(crypto: Crypto): Promise<CryptoKey> {
  return crypto.subtle.generateKey(DATA_KEY_ALGORITHM, true, DATA_KEY_USAGES);
}

/** Wraps an extractable key with an AES-KW key; returns base64 (40 bytes for a 256-bit key). */
export async function wrapKey(crypto: Crypto, dataKey: CryptoKey, wrappingKey: CryptoKey): Promise<string> {
  const wrapped = await crypto.subtle.wrapKey('raw', dataKey, wrappingKey, 'AES-KW');
  return bytesToBase64(new Uint8Array(wrapped));
}

async function unwrap(
  crypto: Crypto,
  wrapped: string,
  wrappingKey: CryptoKey,
  extractable: boolean,
  usages: KeyUsage[] = DATA_KEY_USAGES,
): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      base64ToBytes(wrapped),
      wrappingKey,
      'AES-KW',
      DATA_KEY_ALGORITHM,
      extractable,
      usages,
    );
  } catch (cause) {
    throw new CryptoError('wrong-wrapping-key', WRONG_WRAPPING_KEY_MESSAGE, { cause });
  }
}

/**
 * Unwraps a data key into a non-extractable AES-GCM key (encrypt/decrypt). Throws a CryptoError with code
 * 'wrong-wrapping-key' when the wrapping key does not match (AES-KW checks integrity) or the text is bad.
 */
export function unwrapDataKey(crypto: Crypto, wrapped: string, wrappingKey: CryptoKey): Promise<CryptoKey> {
  return unwrap(crypto, wrapped, wrappingKey, false);
}

/**
 * Unwraps an earlier (inactive) data key into a non-extractable AES-GCM key that can only decrypt: what it
 * opens is read once and encrypted again under the active key, never written with the old one.
 */
export function unwrapDecryptOnlyKey(
  crypto: Crypto,
  wrapped: string,
  wrappingKey: CryptoKey,
): Promise<CryptoKey> {
  return unwrap(crypto, wrapped, wrappingKey, false, ['decrypt']);
}

/**
 * Module-internal (not exported from index.ts): unwraps an extractable copy, only so that the same data
 * key can be re-wrapped under new wrapping keys during recovery or a password change.
 */
export function unwrapDataKeyForRewrap(
  crypto: Crypto,
  wrapped: string,
  wrappingKey: CryptoKey,
): Promise<CryptoKey> {
  return unwrap(crypto, wrapped, wrappingKey, true);
}
