import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ESCAPES_TO_EXIT, ESCAPES_WINDOW_MS, escapeCounter } from './quickExit.ts';

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

describe('Escape three times before the app has started', () => {
  it('follows the same rule in public/first-paint.js', () => {
    const firstPaint = readFileSync(new URL('../../../public/first-paint.js', import.meta.url), 'utf8');
    expect(firstPaint).toContain(`now - at <= ${ESCAPES_WINDOW_MS}`);
    expect(firstPaint).toContain(`escapes.length >= ${ESCAPES_TO_EXIT}`);
  });
});
