import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ESCAPES_TO_EXIT, ESCAPES_WINDOW_MS, escapeCounter, NEUTRAL_PAGE } from './quickExit.ts';

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
function pageBeforeTheApp(now: () => number) {
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
    localStorage: { getItem: () => null },
    location: { replace: (to: string) => went.push(to) },
    Date: { now },
    Element: class {},
  });
  return {
    press: (key: string) => listeners.get('keydown')?.({ key }),
    tap: () => listeners.get('pointerdown')?.({}),
    went,
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
