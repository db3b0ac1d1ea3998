import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KEY_DB_NAME as CRYPTO_KEY_DB_NAME } from '../../crypto/index.ts';
import { memoryStorage } from '../../testing/memoryStorage.ts';
import { DEVICE_LOCK_KEY, deviceLock, QUICK_EXIT_LOCK_KEY } from './deviceLock.ts';
import {
  ESCAPES_TO_EXIT,
  ESCAPES_WINDOW_MS,
  escapeCounter,
  KEY_DB_NAME,
  NEUTRAL_PAGE,
  quickExit,
} from './quickExit.ts';

/** A window for quickExit: where it went, and which IndexedDB databases it asked to delete. */
function fakeWindow(storage: ReturnType<typeof memoryStorage>) {
  const went: string[] = [];
  const deleted: string[] = [];
  const target = {
    localStorage: storage,
    indexedDB: { deleteDatabase: (name: string) => void deleted.push(name) },
    document: { title: 'SAM', body: { replaceChildren: () => undefined } },
    location: { replace: (to: string) => void went.push(to) },
  };
  return { target: target as unknown as Window, went, deleted };
}

describe('quickExit', () => {
  it('locks SAM first when someone is signed in: the mark is written and the stored key deleted', () => {
    const storage = memoryStorage({ auth_token: 'token' });
    const page = fakeWindow(storage);
    quickExit(page.target);
    expect(deviceLock(storage)).toBe('quick-exit');
    expect(page.deleted).toEqual([CRYPTO_KEY_DB_NAME]);
    expect(page.went).toEqual([NEUTRAL_PAGE]);
    expect(KEY_DB_NAME).toBe(CRYPTO_KEY_DB_NAME);
  });

  it('only leaves for a visitor, or when the device turned the lock off', () => {
    for (const storage of [memoryStorage(), memoryStorage({ auth_token: 't', [QUICK_EXIT_LOCK_KEY]: '0' })]) {
      const page = fakeWindow(storage);
      quickExit(page.target);
      expect(storage.map.has(DEVICE_LOCK_KEY)).toBe(false);
      expect(page.deleted).toEqual([]);
      expect(page.went).toEqual([NEUTRAL_PAGE]);
    }
  });
});

describe('escapeCounter', () => {
  const clock = () => {
    const state = { time: 0 };
    return { state, now: () => state.time };
  };

  it('fires on the third Escape within the window', () => {
    const { state, now } = clock();
    const press = escapeCounter(now);
    expect(press('Escape')).toBe(false);
    state.time += 400;
    expect(press('Escape')).toBe(false);
    state.time += 400;
    expect(press('Escape')).toBe(true);
  });

  it('does not fire when the presses are spread out', () => {
    const { state, now } = clock();
    const press = escapeCounter(now);
    press('Escape');
    state.time += ESCAPES_WINDOW_MS;
    press('Escape');
    state.time += ESCAPES_WINDOW_MS;
    expect(press('Escape')).toBe(false);
  });

  it('starts again after any other key, or a tap or click', () => {
    for (const other of ['a', 'Enter', 'pointerdown']) {
      const press = escapeCounter(() => 0);
      press('Escape');
      press('Escape');
      expect(press(other)).toBe(false);
      expect(press('Escape')).toBe(false);
      expect(press('Escape')).toBe(false);
      expect(press('Escape')).toBe(true);
    }
  });
});

/** public/first-paint.js in a page whose app has not started: its key and pointer listeners, and where it went. */
function pageBeforeTheApp(now: () => number, storage = memoryStorage()) {
  const deleted: string[] = [];
  const listeners = new Map<string, (event: { key?: string }) => void>();
  const went: string[] = [];
  const window = {
    addEventListener: (type: string, listener: (event: { key?: string }) => void) =>
      listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  } as Record<string, unknown>;
  const document = {
    title: 'SAM',
    documentElement: { setAttribute: () => undefined },
    body: { replaceChildren: () => undefined },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    querySelector: () => ({ getAttribute: () => NEUTRAL_PAGE }),
  };
  const script = readFileSync(new URL('../../../public/first-paint.js', import.meta.url), 'utf8');
  runInNewContext(script, {
    window,
    document,
    localStorage: storage,
    indexedDB: { deleteDatabase: (name: string) => deleted.push(name) },
    location: { replace: (to: string) => went.push(to) },
    Date: { now },
    Element: class {},
  });
  return {
    press: (key: string) => listeners.get('keydown')?.({ key }),
    tap: () => listeners.get('pointerdown')?.({}),
    went,
    deleted,
    stop: () => (window.samEarlyEscapes as { stop(): void }).stop(),
  };
}

describe('Escape three times before the app has started (public/first-paint.js)', () => {
  it('leaves on the third Escape within the window, by the same rule as the app', () => {
    const clock = { time: 0 };
    const page = pageBeforeTheApp(() => clock.time);
    page.press('Escape');
    clock.time += ESCAPES_WINDOW_MS + 1;
    page.press('Escape');
    page.press('Escape');
    expect(page.went).toEqual([]);
    page.press('Escape');
    expect(page.went).toEqual([NEUTRAL_PAGE]);
  });

  it('starts again after another key or a tap, and stops once the app listens', () => {
    const page = pageBeforeTheApp(() => 0);
    for (const between of [() => page.press('a'), () => page.tap()]) {
      page.press('Escape');
      page.press('Escape');
      between();
      page.press('Escape');
      expect(page.went).toEqual([]);
      between();
    }
    page.stop();
    for (let i = 0; i < ESCAPES_TO_EXIT; i += 1) page.press('Escape');
    expect(page.went).toEqual([]);
  });
});

describe('Quick exit before the app has started', () => {
  it('locks SAM for a signed-in person, as the app does, and not for a visitor', () => {
    const signedIn = memoryStorage({ auth_token: 'token' });
    const page = pageBeforeTheApp(() => 0, signedIn);
    for (let i = 0; i < ESCAPES_TO_EXIT; i += 1) page.press('Escape');
    expect(page.went).toEqual([NEUTRAL_PAGE]);
    expect(deviceLock(signedIn)).toBe('quick-exit');
    expect(page.deleted).toEqual([KEY_DB_NAME]);

    const visitor = memoryStorage();
    const visitorPage = pageBeforeTheApp(() => 0, visitor);
    for (let i = 0; i < ESCAPES_TO_EXIT; i += 1) visitorPage.press('Escape');
    expect(visitorPage.went).toEqual([NEUTRAL_PAGE]);
    expect(visitor.map.size).toBe(0);
  });
});
