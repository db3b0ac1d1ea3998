import { base64ToBytes, bytesToBase64, randomBytes, utf8Decode, utf8Encode } from './encoding.ts';
import { CryptoError, DECRYPT_FAILED_MESSAGE } from './errors.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD_VERSION = 'v1';

/**
 * Encrypts text: base64(12-byte random IV ‖ AES-GCM ciphertext and tag), with the UTF-8 of `aad` as
 * additional authenticated data. Every SAM ciphertext has this form (spec part 2 §9).
 */
export async function encryptText(
  crypto: Crypto,
  key: CryptoKey,
  text: string,
  aad: string,
): Promise<string> {
  const iv = randomBytes(crypto, IV_BYTES);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: utf8Encode(aad) },
      key,
      utf8Encode(text),
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return bytesToBase64(out);
}

/**
 * Decrypts what {@link encryptText} produced with the same key and `aad`. Any failure (bad base64, wrong key,
 * other aad, tampering, not UTF-8) throws a CryptoError 'decrypt-failed' with the message 'Failed to decrypt data'.
 */
export async function decryptText(
  crypto: Crypto,
  key: CryptoKey | Promise<CryptoKey>,
  ciphertext: string,
  aad: string,
): Promise<string> {
  try {
    const bytes = base64ToBytes(ciphertext);
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Ciphertext is too short');
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: utf8Encode(aad) },
      await key,
      bytes.subarray(IV_BYTES),
    );
    return utf8Decode(plain);
  } catch (cause) {
    throw new CryptoError('decrypt-failed', DECRYPT_FAILED_MESSAGE, { cause });
  }
}

/** Encrypts a JSON value as {@link encryptText}. Throws a TypeError for values JSON cannot represent. */
export async function encryptJson(
  crypto: Crypto,
  key: CryptoKey,
  value: unknown,
  aad: string,
): Promise<string> {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('Only JSON values can be encrypted');
  return encryptText(crypto, key, json, aad);
}

/** Decrypts what {@link encryptJson} produced; text that is not JSON fails like any other damage. */
export async function decryptJson(
  crypto: Crypto,
  key: CryptoKey,
  text: string,
  aad: string,
): Promise<unknown> {
  const json = await decryptText(crypto, key, text, aad);
  try {
    return JSON.parse(json);
  } catch (cause) {
    throw new CryptoError('decrypt-failed', DECRYPT_FAILED_MESSAGE, { cause });
  }
}

/** Encrypts and decrypts one user's data, binding each ciphertext to its owner and place. */
export interface DataCipher {
  /** `place` names the record, e.g. 'step-3' or 'inventory:resentments'; it must not contain '|'. */
  encrypt(value: unknown, place: string): Promise<string>;
  decrypt(text: string, place: string): Promise<unknown>;
}

/**
 * The additional authenticated data `${userId}|${place}|v1`. A place may not contain '|', so no two
 * (userId, place) pairs give the same string.
 */
export function dataAad(userId: string, place: string): string {
  if (userId === '') throw new TypeError('userId is required');
  if (place === '' || place.includes('|'))
    throw new TypeError('place must be non-empty and must not contain "|"');
  return `${userId}|${place}|${AAD_VERSION}`;
}

/** A cipher over `key` for `userId`: a ciphertext moved to another place or user fails to decrypt. */
export function createDataCipher(crypto: Crypto, key: CryptoKey, userId: string): DataCipher {
  return {
    encrypt: async (value, place) => encryptJson(crypto, key, value, dataAad(userId, place)),
    decrypt: async (text, place) => decryptJson(crypto, key, text, dataAad(userId, place)),
  };
}
