import { STORAGE_KEYS } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../testing/memoryStorage.ts';
import {
  chooseQuickExitLock,
  DEVICE_LOCK_KEY,
  deviceLock,
  lockDevice,
  lockOnQuickExit,
  quickExitLocks,
  unlockDevice,
} from './deviceLock.ts';

describe('the quick exit lock setting', () => {
  it('is on until the person turns it off on this device', () => {
    const store = memoryStorage();
    expect(quickExitLocks(store)).toBe(true);
    chooseQuickExitLock(false, store);
    expect(quickExitLocks(store)).toBe(false);
    chooseQuickExitLock(true, store);
    expect(quickExitLocks(store)).toBe(true);
  });
});

describe('lockOnQuickExit', () => {
  it('locks only a signed-in device whose setting is on', () => {
    const signedIn = memoryStorage({ [STORAGE_KEYS.authToken]: 't' });
    expect(lockOnQuickExit(signedIn)).toBe(true);
    expect(deviceLock(signedIn)).toBe('quick-exit');

    const visitor = memoryStorage();
    expect(lockOnQuickExit(visitor)).toBe(false);
    expect(deviceLock(visitor)).toBeNull();

    const off = memoryStorage({ [STORAGE_KEYS.authToken]: 't' });
    chooseQuickExitLock(false, off);
    expect(lockOnQuickExit(off)).toBe(false);
    expect(deviceLock(off)).toBeNull();
  });
});

describe('deviceLock', () => {
  it('reads only the reasons it writes, and is gone after an unlock', () => {
    const store = memoryStorage();
    lockDevice('idle', store);
    expect(deviceLock(store)).toBe('idle');
    store.setItem(DEVICE_LOCK_KEY, 'something else');
    expect(deviceLock(store)).toBeNull();
    lockDevice('quick-exit', store);
    unlockDevice(store);
    expect(deviceLock(store)).toBeNull();
  });
});
