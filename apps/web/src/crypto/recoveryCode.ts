import { randomBytes, utf8Encode } from './encoding.ts';
import { CryptoError, INVALID_RECOVERY_CODE_MESSAGE } from './errors.ts';

/** RFC 4648 base32 alphabet. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 128 random bits. */
export const RECOVERY_CODE_BYTES = 16;
/** ceil(128 / 5) base32 characters, without padding. */
export const RECOVERY_CODE_LENGTH = Math.ceil((RECOVERY_CODE_BYTES * 8) / 5);
const GROUP_SIZE = 4;
const RECOVERY_INFO = 'sam-recovery-v1';

function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes a normalized code; returns null unless it is exactly the canonical encoding of 16 bytes. */
function base32Decode(code: string): Uint8Array<ArrayBuffer> | null {
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  const bytes = new Uint8Array(RECOVERY_CODE_BYTES);
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of code) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >>> bits) & 0xff;
    }
    buffer &= (1 << bits) - 1;
  }
  // The last character carries 2 unused bits, which must be zero (else the code was mistyped).
  if (buffer !== 0 || index !== RECOVERY_CODE_BYTES) return null;
  return bytes;
}

/** Groups a normalized code for display: ABCD-EFGH-…-YZ. */
export function formatRecoveryCode(code: string): string {
  const normalized = normalizeRecoveryCode(code);
  const groups: string[] = [];
  for (let i = 0; i < normalized.length; i += GROUP_SIZE) groups.push(normalized.slice(i, i + GROUP_SIZE));
  return groups.join('-');
}

/** A new recovery code: 128 random bits as base32 (no padding), upper case, in dash-separated groups of 4. */
export function generateRecoveryCode(crypto: Crypto): string {
  return formatRecoveryCode(base32Encode(randomBytes(crypto, RECOVERY_CODE_BYTES)));
}

/**
 * Normalizes what a person typed: trims, upper-cases, removes spaces and dashes. Look-alike characters are
 * deliberately not mapped. Throws a CryptoError ('invalid-recovery-code') unless the result is a valid code.
 */
export function normalizeRecoveryCode(input: string): string {
  const code = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
  if (base32Decode(code) === null) {
    throw new CryptoError('invalid-recovery-code', INVALID_RECOVERY_CODE_MESSAGE);
  }
  return code;
}

/** The AES-KW key (wrapKey/unwrapKey, non-extractable) derived by HKDF-SHA256 from the code's 16 bytes. */
export async function recoveryWrappingKey(crypto: Crypto, code: string): Promise<CryptoKey> {
  const bytes = base32Decode(normalizeRecoveryCode(code));
  if (bytes === null) throw new CryptoError('invalid-recovery-code', INVALID_RECOVERY_CODE_MESSAGE);
  const { subtle } = crypto;
  const material = await subtle.importKey('raw', bytes, 'HKDF', false, ['deriveKey']);
  bytes.fill(0);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8Encode(RECOVERY_INFO) },
    material,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}
