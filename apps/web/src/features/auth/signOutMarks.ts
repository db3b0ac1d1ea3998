import { STORAGE_KEYS } from '@sam/core';
import { DEVICE_LOCK_KEY } from '../sharedDevice/index.ts';
import { clearSession, type SessionStore } from './storedSession.ts';

/**
 * Set, with the sign-in taken out of storage, at the moment someone signs out; removed once the key and
 * the drafts are gone too (deviceWipe.ts). A start that finds it finishes that wipe: a tab closed in the
 * middle of a logout leaves nothing readable.
 */
export const WIPE_PENDING_KEY = 'sam-wipe-pending';

/** Set when the server said this device's session was ended elsewhere; the sign-in dialog says so once. */
export const SIGNED_OUT_ELSEWHERE_KEY = 'sam-signed-out-elsewhere';

/**
 * The synchronous first step of every sign-out: the token and the user leave storage at once, before any
 * await, so closing the tab the next instant leaves SAM signed out. The device still had an account.
 * Returns the token, for the requests the sign-out still makes with it.
 */
export function forgetSignInNow(store: SessionStore = localStorage): string | null {
  const token = store.getItem(STORAGE_KEYS.authToken);
  clearSession(store);
  store.removeItem(DEVICE_LOCK_KEY);
  store.setItem(STORAGE_KEYS.hasAccount, 'true');
  store.setItem(WIPE_PENDING_KEY, '1');
  return token;
}

/** The sign-out a closed tab cut short: its key and drafts are still to be deleted. */
export function wipePending(store: Pick<Storage, 'getItem'> = localStorage): boolean {
  return store.getItem(WIPE_PENDING_KEY) !== null;
}

export function markSignedOutElsewhere(store: Pick<Storage, 'setItem'> = localStorage): void {
  store.setItem(SIGNED_OUT_ELSEWHERE_KEY, '1');
}

/** True once after a device was signed out from another one; the mark is gone afterwards. */
export function takeSignedOutElsewhere(
  store: Pick<Storage, 'getItem' | 'removeItem'> = localStorage,
): boolean {
  const marked = store.getItem(SIGNED_OUT_ELSEWHERE_KEY) !== null;
  if (marked) store.removeItem(SIGNED_OUT_ELSEWHERE_KEY);
  return marked;
}
