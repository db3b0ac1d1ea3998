import { STORAGE_KEYS } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { kdfChangedFor, rememberKdf } from './rememberedKdf.ts';
import { setRememberedEmail } from './storedSession.ts';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const first = { salt: 'c2FsdHNhbHRzYWx0c2FsdA==', iterations: 600_000 };
const changed = { salt: 'b3RoZXJvdGhlcm90aGVyIQ==', iterations: 600_000 };

describe('the parameters kept for the remembered address', () => {
  it('sees no change before the first sign-in here, and for an address that is not remembered', () => {
    const store = memoryStore();
    expect(kdfChangedFor(store, 'ada@example.com', first)).toBe(false);
    rememberKdf(store, 'ada@example.com', first);
    expect(kdfChangedFor(store, 'ada@example.com', changed)).toBe(false);
  });

  it('sees a changed salt or iteration count for the remembered address, in any letter case', () => {
    const store = memoryStore();
    setRememberedEmail(store, 'Ada@Example.com');
    rememberKdf(store, 'ada@example.com', first);
    expect(kdfChangedFor(store, 'ada@example.com', first)).toBe(false);
    expect(kdfChangedFor(store, 'ADA@example.com ', changed)).toBe(true);
    expect(kdfChangedFor(store, 'ada@example.com', { ...first, iterations: 700_000 })).toBe(true);
    expect(kdfChangedFor(store, 'someone@example.com', changed)).toBe(false);
  });

  it('forgets them with the remembered address, or when another address is remembered', () => {
    const store = memoryStore();
    setRememberedEmail(store, 'ada@example.com');
    rememberKdf(store, 'ada@example.com', first);
    setRememberedEmail(store, 'ada@example.com');
    expect(kdfChangedFor(store, 'ada@example.com', changed)).toBe(true);
    setRememberedEmail(store, null);
    expect(store.getItem(STORAGE_KEYS.rememberedEmail)).toBeNull();
    setRememberedEmail(store, 'ada@example.com');
    expect(kdfChangedFor(store, 'ada@example.com', changed)).toBe(false);
  });
});
