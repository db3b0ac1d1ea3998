import { STORAGE_KEYS } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { DEVICE_LOCK_KEY, QUICK_EXIT_LOCK_KEY } from '../sharedDevice/deviceLock.ts';
import { IDLE_LOCK_KEY } from '../sharedDevice/idleLock.ts';
import { NEUTRAL_TITLE_KEY } from '../sharedDevice/neutralTitle.ts';
import { keepDeviceSettings } from './deviceSettings.ts';

describe('keepDeviceSettings', () => {
  it('writes the device settings back after the storage was wiped, and nothing that belonged to the sign-in', () => {
    const values = new Map<string, string>([
      [STORAGE_KEYS.rememberedEmail, 'ada@example.com'],
      [IDLE_LOCK_KEY, '5'],
      [NEUTRAL_TITLE_KEY, '1'],
      [QUICK_EXIT_LOCK_KEY, '0'],
      [STORAGE_KEYS.authToken, 'a-token'],
      [DEVICE_LOCK_KEY, 'quick-exit'],
    ]);
    const store = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    const restore = keepDeviceSettings(store);
    values.clear();
    restore();
    expect(Object.fromEntries(values)).toEqual({
      [STORAGE_KEYS.rememberedEmail]: 'ada@example.com',
      [IDLE_LOCK_KEY]: '5',
      [NEUTRAL_TITLE_KEY]: '1',
      [QUICK_EXIT_LOCK_KEY]: '0',
    });
  });
});
