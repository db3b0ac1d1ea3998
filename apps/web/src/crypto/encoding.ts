/** Byte and text encodings shared by the crypto module (standard base64 with padding, UTF-8). */

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Decodes strict standard base64 (padded); throws a TypeError on anything else. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64_PATTERN.test(text)) throw new TypeError('Not valid base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function utf8Encode(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/** Decodes UTF-8, throwing on malformed input instead of inserting replacement characters. */
export function utf8Decode(bytes: BufferSource): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function randomBytes(crypto: Crypto, length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}
