import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { STORAGE_KEYS } from '@sam/core';
import { describe, expect, it } from 'vitest';

/** The blocking script of index.html's head, as the browser runs it before the first paint. */
const script = readFileSync(new URL('../../../public/first-paint.js', import.meta.url), 'utf8');

type FirstPaint = {
  attributes: Map<string, string>;
  /** The requests the script sent: path and headers. */
  sent: Array<{ path: string; headers: Record<string, string> }>;
  /** What each request gave the script to wait on. */
  replies: Promise<unknown>[];
  window: { samSessionCheck?: Promise<unknown> };
};

/** Runs the script against this storage, as index.html's head runs it; returns what it did. */
function runFirstPaint(items: Record<string, string> | 'blocked'): FirstPaint {
  const attributes = new Map<string, string>();
  const sent: FirstPaint['sent'] = [];
  const replies: Promise<unknown>[] = [];
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
  const window: FirstPaint['window'] & { addEventListener(): void } = { addEventListener: () => undefined };
  const fetch = (path: string, init: { headers: Record<string, string> }) => {
    sent.push({ path, headers: init.headers });
    const reply = Promise.reject(new TypeError('Failed to fetch'));
    replies.push(reply);
    return reply;
  };
  runInNewContext(script, { localStorage, document, window, fetch, Element: class {} });
  return { attributes, sent, replies, window };
}

/** Whether the script marked the page as a returning person's. */
const marksReturning = (items: Record<string, string> | 'blocked') =>
  runFirstPaint(items).attributes.has('data-returning');

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

describe('the session check sent as the page starts', () => {
  it('asks the server about a stored session with its token, and keeps the request for the app', () => {
    const { sent, replies, window } = runFirstPaint({ [STORAGE_KEYS.authToken]: 'token-1' });
    expect(sent).toEqual([
      {
        path: '/api/whoami',
        headers: { accept: 'application/json', authorization: 'Bearer token-1' },
      },
    ]);
    expect(window.samSessionCheck).toBe(replies[0]);
  });

  it('sends nothing without a stored session, or when storage is blocked', () => {
    for (const items of [{ [STORAGE_KEYS.hasAccount]: 'true' }, 'blocked'] as const) {
      const { sent, window } = runFirstPaint(items);
      expect(sent).toEqual([]);
      expect(window.samSessionCheck).toBeUndefined();
    }
  });
});
