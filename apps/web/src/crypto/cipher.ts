import { base64ToBytes, bytesToBase64, randomBytes, utf8Decode, utf8Encode } from './encoding.ts';
import { CryptoError, DECRYPT_FAILED_MESSAGE } from './errors.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts text: base64(12-byte random IV ‖ AES-GCM ciphertext and tag), with the UTF-8 of `aad` as
 * additional authenticated data. Every SAM ciphertext has this form
 * (docs/decisions/0021-the-key-hierarchy.md).
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

/** What a piece of writing is bound to: 1, the account's e-mail (before accounts could change it); 2, the account id. */
export type Binding = 1 | 2;

/** Encrypts and decrypts one user's data, binding each ciphertext to its owner and place. */
export interface DataCipher {
  /** `place` names the record, e.g. 'step-3' or 'inventory:resentments'; it must not contain '|'. */
  encrypt(value: unknown, place: string): Promise<string>;
  decrypt(text: string, place: string): Promise<unknown>;
  /** Like decrypt, and says which binding opened it: 1 means it still has to move to the account id. */
  open(text: string, place: string): Promise<{ value: unknown; binding: Binding }>;
}

/**
 * The additional authenticated data `${owner}|${place}|v${binding}`: the owner is the account id for
 * binding 2 and the e-mail for binding 1. A place may not contain '|', so no two (owner, place) pairs
 * give the same string.
 */
export function dataAad(owner: string, place: string, binding: Binding = 2): string {
  if (owner === '') throw new TypeError('owner is required');
  if (place === '' || place.includes('|'))
    throw new TypeError('place must be non-empty and must not contain "|"');
  return `${owner}|${place}|v${binding}`;
}

/**
 * A cipher over `key` for the account `accountId`: it writes binding 2 only. It also reads binding 1 when
 * `v1Binding` names the e-mail earlier writing was bound to, so that writing, old backup files and
 * writing under earlier keys stay readable after an e-mail change. A ciphertext moved to another place
 * or account fails to decrypt.
 */
export function createDataCipher(
  crypto: Crypto,
  key: CryptoKey,
  accountId: string,
  v1Binding: string | null = null,
): DataCipher {
  const open = async (text: string, place: string): Promise<{ value: unknown; binding: Binding }> => {
    try {
      return { value: await decryptJson(crypto, key, text, dataAad(accountId, place)), binding: 2 };
    } catch (error) {
      if (!v1Binding) throw error;
      return { value: await decryptJson(crypto, key, text, dataAad(v1Binding, place, 1)), binding: 1 };
    }
  };
  return {
    encrypt: async (value, place) => encryptJson(crypto, key, value, dataAad(accountId, place)),
    decrypt: async (text, place) => (await open(text, place)).value,
    open,
  };
}
