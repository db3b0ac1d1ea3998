import { decryptText, encryptText } from './cipher.ts';
import { base64ToBytes, bytesToBase64, randomBytes } from './encoding.ts';

/**
 * Share documents (docs/glossary.md, "Share document"): each document has its own random 256-bit AES-GCM
 * key that travels only in the link's fragment (`/s/<id>#<key>`), written as 43 characters of base64url.
 */
const KEY_BYTES = 32;
const SHARE_AAD = 'sam-share-document|v1';
const SHARE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function toBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/');
  return base64ToBytes(padded + '='.repeat((4 - (padded.length % 4)) % 4));
}

/** True when `text` looks like a share key (as read from a link's fragment). */
export function isShareKey(text: string): boolean {
  return SHARE_KEY_PATTERN.test(text);
}

/** A fresh random share key, already written for the link's fragment. */
export function createShareKey(crypto: Crypto): string {
  return toBase64Url(randomBytes(crypto, KEY_BYTES));
}

function importShareKey(crypto: Crypto, shareKey: string, usage: KeyUsage): Promise<CryptoKey> {
  if (!isShareKey(shareKey)) throw new TypeError('Not a share key');
  return crypto.subtle.importKey('raw', fromBase64Url(shareKey), 'AES-GCM', false, [usage]);
}

/** Encrypts a document's HTML: base64(12-byte random IV ‖ AES-GCM output), as every SAM ciphertext. */
export async function encryptShareDocument(crypto: Crypto, shareKey: string, html: string): Promise<string> {
  return encryptText(crypto, await importShareKey(crypto, shareKey, 'encrypt'), html, SHARE_AAD);
}

/**
 * Decrypts what {@link encryptShareDocument} made. A wrong or malformed key, a damaged ciphertext or text
 * that is not UTF-8 all throw a CryptoError 'decrypt-failed'.
 */
export function decryptShareDocument(crypto: Crypto, shareKey: string, ciphertext: string): Promise<string> {
  // A malformed key fails inside decryptText, as 'decrypt-failed' like any other damage.
  const key = Promise.resolve().then(() => importShareKey(crypto, shareKey, 'decrypt'));
  return decryptText(crypto, key, ciphertext, SHARE_AAD);
}

/** The place the owner's copy of a share key is bound to under the data key. */
export const SHARE_KEY_PLACE = 'share-key';
