import { createHmac } from 'node:crypto';
import { KDF_ITERATIONS, KDF_NAME, type PreloginReply } from '@sam/core';

/**
 * The key-derivation parameters of an address that has no confirmed account yet: a salt derived from the
 * server secret and the address, and the standard iteration count. Prelogin answers these for an unknown
 * address and for an unconfirmed one alike, and a new account is created with exactly these, so nothing a
 * caller chose is ever echoed and nothing tells the two apart.
 */
export function newAccountKdf(secret: string, email: string): { salt: string; iterations: number } {
  const salt = createHmac('sha256', secret).update(`prelogin|${email}`).digest().subarray(0, 16);
  return { salt: salt.toString('base64'), iterations: KDF_ITERATIONS };
}

export function newAccountPrelogin(secret: string, email: string): PreloginReply {
  return { kdf: KDF_NAME, ...newAccountKdf(secret, email) };
}
