import { STORAGE_KEYS } from '@sam/core';

/**
 * A device setting: Quick exit also locks SAM (forgets the data key, as the idle lock does). On unless the
 * person turned it off ('0'), since the moment someone walks in is exactly when SAM must not stay open.
 */
export const QUICK_EXIT_LOCK_KEY = 'sam-quick-exit-lock';

export function quickExitLocks(store: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return store.getItem(QUICK_EXIT_LOCK_KEY) !== '0';
  } catch {
    return true;
  }
}

export function chooseQuickExitLock(on: boolean, store: Pick<Storage, 'setItem'> = localStorage): void {
  store.setItem(QUICK_EXIT_LOCK_KEY, on ? '1' : '0');
}

/**
 * Why SAM is locked on this device, written at the moment it locks: synchronously, so it holds even when
 * the page is gone the next instant (Quick exit navigates away at once). Until the password unlocks SAM,
 * every page of every tab shows the lock screen, and the stored data key is deleted as SAM starts.
 */
export const DEVICE_LOCK_KEY = 'sam-locked';
export type LockReason = 'idle' | 'quick-exit';

export function deviceLock(store: Pick<Storage, 'getItem'> = localStorage): LockReason | null {
  try {
    const reason = store.getItem(DEVICE_LOCK_KEY);
    return reason === 'idle' || reason === 'quick-exit' ? reason : null;
  } catch {
    return null;
  }
}

export function lockDevice(reason: LockReason, store: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    store.setItem(DEVICE_LOCK_KEY, reason);
  } catch {
    // Storage blocked: the page's own lock still holds until it is closed.
  }
}

export function unlockDevice(store: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    store.removeItem(DEVICE_LOCK_KEY);
  } catch {
    // Storage blocked: nothing was written.
  }
}

/** Quick exit locks when someone is signed in here and the setting is on (the default). */
export function lockOnQuickExit(store: Pick<Storage, 'getItem' | 'setItem'> = localStorage): boolean {
  try {
    if (!store.getItem(STORAGE_KEYS.authToken) || !quickExitLocks(store)) return false;
  } catch {
    return false;
  }
  lockDevice('quick-exit', store);
  return true;
}
