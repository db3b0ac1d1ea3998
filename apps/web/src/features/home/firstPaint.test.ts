import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { STORAGE_KEYS } from '@sam/core';
import { describe, expect, it } from 'vitest';

/** The blocking script of index.html's head, as the browser runs it before the first paint. */
const script = readFileSync(new URL('../../../public/first-paint.js', import.meta.url), 'utf8');

/** Runs the script against this storage; returns whether it marked the page as a returning person's. */
function marksReturning(items: Record<string, string> | 'blocked'): boolean {
  const attributes = new Map<string, string>();
  const localStorage = {
    getItem(key: string) {
      if (items === 'blocked') throw new Error('SecurityError: storage is blocked');
      return items[key] ?? null;
    },
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    addEventListener: () => undefined,
  };
  runInNewContext(script, {
    localStorage,
    document,
    window: { addEventListener: () => undefined },
    Element: class {},
  });
  return attributes.has('data-returning');
}

describe('the first-paint mark', () => {
  it('marks a browser with a session or one that has had an account', () => {
    expect(marksReturning({ [STORAGE_KEYS.authToken]: 'token' })).toBe(true);
    expect(marksReturning({ [STORAGE_KEYS.hasAccount]: 'true' })).toBe(true);
  });

  it('leaves a first-time visitor’s page as the build rendered it', () => {
    expect(marksReturning({})).toBe(false);
    expect(marksReturning({ [STORAGE_KEYS.hasAccount]: 'false' })).toBe(false);
    expect(marksReturning({ [STORAGE_KEYS.rememberedEmail]: 'ada@example.com' })).toBe(false);
    expect(marksReturning('blocked')).toBe(false);
  });
});
