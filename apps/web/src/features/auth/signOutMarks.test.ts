import { STORAGE_KEYS } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../testing/memoryStorage.ts';
import { DEVICE_LOCK_KEY } from '../sharedDevice/deviceLock.ts';
import {
  forgetSignInNow,
  markSignedOutElsewhere,
  takeSignedOutElsewhere,
  WIPE_PENDING_KEY,
  wipePending,
} from './signOutMarks.ts';

describe('forgetSignInNow', () => {
  it('takes the sign-in out of storage at once, keeps the device settings, and marks the wipe as pending', () => {
    const store = memoryStorage({
      [STORAGE_KEYS.authToken]: 'the-token',
      [STORAGE_KEYS.userInfo]: '{"id":"u1"}',
      [DEVICE_LOCK_KEY]: 'idle',
      [STORAGE_KEYS.rememberedEmail]: 'ada@example.com',
    });
    expect(forgetSignInNow(store)).toBe('the-token');
    expect(Object.fromEntries(store.map)).toEqual({
      [STORAGE_KEYS.rememberedEmail]: 'ada@example.com',
      [STORAGE_KEYS.hasAccount]: 'true',
      [WIPE_PENDING_KEY]: '1',
    });
    expect(wipePending(store)).toBe(true);
  });
});

describe('signed out from another device', () => {
  it('is said once', () => {
    const store = memoryStorage();
    expect(takeSignedOutElsewhere(store)).toBe(false);
    markSignedOutElsewhere(store);
    expect(takeSignedOutElsewhere(store)).toBe(true);
    expect(takeSignedOutElsewhere(store)).toBe(false);
  });
});
