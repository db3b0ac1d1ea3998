/** What other features use from sharedDevice: they import it from here, never its files. */

export type { LockReason } from './deviceLock.ts';
export { DEVICE_LOCK_KEY, deviceLock, lockDevice, QUICK_EXIT_LOCK_KEY, unlockDevice } from './deviceLock.ts';
export { IDLE_LOCK_KEY } from './idleLock.ts';
export { LockScreen } from './LockScreen.tsx';
export { NEUTRAL_TITLE_KEY } from './neutralTitle.ts';
export { ThisDeviceSection } from './ThisDeviceSection.tsx';
export { useIdleLock } from './useIdleLock.ts';
