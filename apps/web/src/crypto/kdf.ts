import { KDF_ITERATIONS, KDF_MAX_ITERATIONS, KDF_MIN_ITERATIONS, type KdfParams } from '@sam/core';
import { base64ToBytes, bytesToBase64, randomBytes, utf8Encode } from './encoding.ts';
import { CryptoError } from './errors.ts';

/**
 * Length of a fresh KDF salt in bytes, and the least the browser accepts from the server
 * (docs/decisions/0021-the-key-hierarchy.md).
 */
export const KDF_SALT_BYTES = 16;

const AUTH_INFO = 'sam-auth-v1';
const KEK_INFO = 'sam-kek-v1';
const INVALID_KDF_MESSAGE = 'The sign-in settings sent by the server are not valid. Please try again later.';

/** What a password yields: the value sent to the server as `password`, and the key-encryption key. */
export interface AccountKeys {
  /** base64(authKey): sent as `password`; the server cannot derive `kek` or the typed password from it. */
  authValue: string;
  /** Non-extractable AES-KW-256 key (wrapKey/unwrapKey) that wraps the data key. Never leaves the browser. */
  kek: CryptoKey;
}

/** Fresh KDF parameters for a new password: 16 random salt bytes and the standard iteration count. */
export function newKdfParams(crypto: Crypto, iterations: number = KDF_ITERATIONS): KdfParams {
  return { salt: bytesToBase64(randomBytes(crypto, KDF_SALT_BYTES)), iterations };
}

/**
 * Rejects parameters that would weaken the derivation (a server, or someone between, cannot lower the
 * work factor or shorten the salt) and returns the decoded salt.
 */
function checkedSalt(kdf: KdfParams): Uint8Array<ArrayBuffer> {
  const { iterations } = kdf;
  if (!Number.isInteger(iterations) || iterations < KDF_MIN_ITERATIONS || iterations > KDF_MAX_ITERATIONS) {
    throw new CryptoError('invalid-kdf', INVALID_KDF_MESSAGE);
  }
  let salt: Uint8Array<ArrayBuffer>;
  try {
    salt = base64ToBytes(kdf.salt);
  } catch (cause) {
    throw new CryptoError('invalid-kdf', INVALID_KDF_MESSAGE, { cause });
  }
  if (salt.length < KDF_SALT_BYTES) throw new CryptoError('invalid-kdf', INVALID_KDF_MESSAGE);
  return salt;
}

function hkdfParams(info: string): HkdfParams {
  return { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8Encode(info) };
}

/**
 * ms = PBKDF2-SHA256(NFC(password), salt, iterations, 256 bits);
 * authValue = base64(HKDF-SHA256(ms, info "sam-auth-v1")); kek = HKDF-SHA256(ms, info "sam-kek-v1") as AES-KW.
 */
export async function deriveAccountKeys(
  crypto: Crypto,
  password: string,
  kdf: KdfParams,
): Promise<AccountKeys> {
  const salt = checkedSalt(kdf);
  const { subtle } = crypto;
  const passwordBytes = utf8Encode(password.normalize('NFC'));
  const passwordKey = await subtle.importKey('raw', passwordBytes, 'PBKDF2', false, ['deriveBits']);
  passwordBytes.fill(0);
  const msBytes = new Uint8Array(
    await subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations },
      passwordKey,
      256,
    ),
  );
  const ms = await subtle.importKey('raw', msBytes, 'HKDF', false, ['deriveBits', 'deriveKey']);
  msBytes.fill(0);
  const authBytes = new Uint8Array(await subtle.deriveBits(hkdfParams(AUTH_INFO), ms, 256));
  const authValue = bytesToBase64(authBytes);
  authBytes.fill(0);
  const kek = await subtle.deriveKey(hkdfParams(KEK_INFO), ms, { name: 'AES-KW', length: 256 }, false, [
    'wrapKey',
    'unwrapKey',
  ]);
  return { authValue, kek };
}
