/** Minutes without use before SAM locks on this device; 0 is off. */
export const IDLE_LOCK_CHOICES = [0, 5, 15, 60] as const;
export type IdleLockMinutes = (typeof IDLE_LOCK_CHOICES)[number];

export const IDLE_LOCK_KEY = 'sam-idle-lock-minutes';
export const IDLE_LOCK_CHANGED = 'sam-idle-lock-changed';

/** Off until chosen: a lock that appears unasked would read as a fault. */
export function idleLockMinutes(store: Pick<Storage, 'getItem'> = localStorage): IdleLockMinutes {
  try {
    const chosen = Number(store.getItem(IDLE_LOCK_KEY));
    return IDLE_LOCK_CHOICES.find((choice) => choice === chosen) ?? 0;
  } catch {
    return 0;
  }
}

export function chooseIdleLock(minutes: IdleLockMinutes, store: Pick<Storage, 'setItem'> = localStorage) {
  store.setItem(IDLE_LOCK_KEY, String(minutes));
  window.dispatchEvent(new Event(IDLE_LOCK_CHANGED));
}

/** Whether the time since the last use has reached the chosen idle time. */
export function idleTimeReached(minutes: number, lastUse: number, now: number): boolean {
  return minutes > 0 && now - lastUse >= minutes * 60_000;
}
