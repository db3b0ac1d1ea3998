/** What other features use from sharedDevice: they import it from here, never its files. */

export { IDLE_LOCK_KEY } from './idleLock.ts';
export { LockScreen } from './LockScreen.tsx';
export { NEUTRAL_TITLE_KEY } from './neutralTitle.ts';
export { ThisDeviceSection } from './ThisDeviceSection.tsx';
export { useIdleLock } from './useIdleLock.ts';
