import { type KdfParams, STORAGE_KEYS } from '@sam/core';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The key-derivation parameters last used on this device for the remembered address. Salt and iterations
 * are not secret (anyone may ask for them), so they are kept as they are. A change is normal after a
 * password reset or change elsewhere; it is also what a tampering server would do, so it is asked about.
 */
export const REMEMBERED_KDF_KEY = 'sam-remembered-kdf';

const fingerprint = (kdf: KdfParams) => `${kdf.iterations}:${kdf.salt}`;

const isRemembered = (store: Store, email: string) =>
  store.getItem(STORAGE_KEYS.rememberedEmail)?.trim().toLowerCase() === email.trim().toLowerCase();

/** True when this is the remembered address and its parameters differ from the last sign-in here. */
export function kdfChangedFor(store: Store, email: string, kdf: KdfParams): boolean {
  if (!isRemembered(store, email)) return false;
  const seen = store.getItem(REMEMBERED_KDF_KEY);
  return seen !== null && seen !== fingerprint(kdf);
}

/** Keeps the parameters of a sign-in (or a new password set here) when the address is the remembered one. */
export function rememberKdf(store: Store, email: string, kdf: KdfParams): void {
  if (isRemembered(store, email)) store.setItem(REMEMBERED_KDF_KEY, fingerprint(kdf));
}

export function forgetRememberedKdf(store: Store): void {
  store.removeItem(REMEMBERED_KDF_KEY);
}
