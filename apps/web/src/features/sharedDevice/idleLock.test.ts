import { describe, expect, it } from 'vitest';
import { idleLockMinutes, idleTimeReached } from './idleLock.ts';

const store = (value: string | null) => ({ getItem: () => value });

describe('idleLockMinutes', () => {
  it('is off unless one of the offered times was chosen', () => {
    expect(idleLockMinutes(store(null))).toBe(0);
    expect(idleLockMinutes(store('15'))).toBe(15);
    expect(idleLockMinutes(store('7'))).toBe(0);
    expect(idleLockMinutes(store('soon'))).toBe(0);
  });
});

describe('idleTimeReached', () => {
  it('locks once the chosen minutes have passed without use, never when off', () => {
    expect(idleTimeReached(5, 0, 5 * 60_000 - 1)).toBe(false);
    expect(idleTimeReached(5, 0, 5 * 60_000)).toBe(true);
    expect(idleTimeReached(0, 0, 10 * 60 * 60_000)).toBe(false);
  });
});
