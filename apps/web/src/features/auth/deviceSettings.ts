import { STORAGE_KEYS } from '@sam/core';
import { IDLE_LOCK_KEY, NEUTRAL_TITLE_KEY, QUICK_EXIT_LOCK_KEY } from '../sharedDevice/index.ts';
import { REMEMBERED_KDF_KEY } from './rememberedKdf.ts';

/** What belongs to this device rather than to a sign-in: logging out keeps it. */
const DEVICE_SETTINGS = [
  STORAGE_KEYS.rememberedEmail,
  REMEMBERED_KDF_KEY,
  IDLE_LOCK_KEY,
  NEUTRAL_TITLE_KEY,
  QUICK_EXIT_LOCK_KEY,
];

/**
 * Reads the device's settings now and returns what writes them back: the logout reply's Clear-Site-Data
 * wipes localStorage, and a shared device must not lose its idle lock or neutral title by a logout.
 */
export function keepDeviceSettings(store: Pick<Storage, 'getItem' | 'setItem'>): () => void {
  const saved = DEVICE_SETTINGS.map((key) => [key, store.getItem(key)] as const);
  return () => {
    for (const [key, value] of saved) if (value !== null) store.setItem(key, value);
  };
}
