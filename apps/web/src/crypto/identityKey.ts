import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import type { IdentityKeyRecord } from '@sam/core';
import type { DataCipher } from './cipher.ts';
import { base64ToBytes, bytesToBase64 } from './encoding.ts';
import { CryptoError, DECRYPT_FAILED_MESSAGE } from './errors.ts';

/**
 * Each account's identity key pair (decision 22): an HPKE (RFC 9180) key pair, DHKEM(P-256, HKDF-SHA256)
 * with HKDF-SHA256 and AES-256-GCM. The public key is stored on the server as base64 of its 65-byte
 * encoding; the private key only encrypted under the data key, together with the public key it belongs to,
 * so a public key swapped on the server is refused when the pair is opened.
 */
export const hpkeSuite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
});

/** The place the private key is bound to under the data key. */
export const IDENTITY_KEY_PLACE = 'identity-key';

/** What the server keeps of an identity key pair. */
export type { IdentityKeyRecord };

/** An opened identity key pair, usable to open space keys wrapped to it. */
export type IdentityKey = { publicKey: string; privateKey: CryptoKey };

type SealedPrivateKey = { publicKey: string; privateKey: string };

/** A new identity key pair: the record for the server and the opened pair for this session. */
export async function createIdentityKey(
  cipher: DataCipher,
): Promise<{ record: IdentityKeyRecord; identity: IdentityKey }> {
  const pair = await hpkeSuite.kem.generateKeyPair();
  const publicKey = bytesToBase64(new Uint8Array(await hpkeSuite.kem.serializePublicKey(pair.publicKey)));
  const privateBytes = new Uint8Array(await hpkeSuite.kem.serializePrivateKey(pair.privateKey));
  const sealed: SealedPrivateKey = { publicKey, privateKey: bytesToBase64(privateBytes) };
  const encryptedPrivateKey = await cipher.encrypt(sealed, IDENTITY_KEY_PLACE);
  return { record: { publicKey, encryptedPrivateKey }, identity: { publicKey, privateKey: pair.privateKey } };
}

/**
 * Opens a stored identity key pair with the data key. A damaged record, one encrypted under another key,
 * or a public key that is not the one sealed with the private key throws a CryptoError 'decrypt-failed'.
 */
export async function openIdentityKey(cipher: DataCipher, record: IdentityKeyRecord): Promise<IdentityKey> {
  const sealed = (await cipher.decrypt(record.encryptedPrivateKey, IDENTITY_KEY_PLACE)) as SealedPrivateKey;
  if (sealed?.publicKey !== record.publicKey || typeof sealed.privateKey !== 'string') {
    throw new CryptoError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
  }
  try {
    const privateKey = await hpkeSuite.kem.deserializePrivateKey(base64ToBytes(sealed.privateKey));
    return { publicKey: record.publicKey, privateKey };
  } catch (cause) {
    throw new CryptoError('decrypt-failed', DECRYPT_FAILED_MESSAGE, { cause });
  }
}

/** Reads a base64 public key, throwing a CryptoError 'bad-public-key' for anything that is not a P-256 point. */
export async function importPublicKey(publicKey: string): Promise<CryptoKey> {
  try {
    return await hpkeSuite.kem.deserializePublicKey(base64ToBytes(publicKey));
  } catch (cause) {
    throw new CryptoError('bad-public-key', 'That public key cannot be used', { cause });
  }
}

/** Whether a base64 public key is a point on P-256 that HPKE can seal to. */
export async function isPublicKey(publicKey: string): Promise<boolean> {
  try {
    await importPublicKey(publicKey);
    return true;
  } catch {
    return false;
  }
}
