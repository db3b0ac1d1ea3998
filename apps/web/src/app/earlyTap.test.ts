// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressEarlyTap } from './earlyTap.ts';

/** The blocking script of index.html's head, run as the browser runs it before the app's code. */
const firstPaint = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../../public/first-paint.js'),
  'utf8',
);

/** A prerendered page: the script runs, then the person taps before the app has started. */
function prerendered(html: string): void {
  document.body.innerHTML = html;
  new Function(firstPaint)();
}

function tap(selector: string): void {
  document.querySelector<HTMLElement>(selector)?.click();
}

afterEach(() => {
  pressEarlyTap();
  document.body.innerHTML = '';
});

describe('a tap before the app has started', () => {
  it('is given again to the last button tapped, once, when the app listens', () => {
    prerendered('<button id="exit">Quick exit</button><button id="start"><span>Start</span></button>');
    tap('#exit');
    tap('#start span');
    const started = vi.fn();
    const exited = vi.fn();
    document.querySelector('#start')?.addEventListener('click', started);
    document.querySelector('#exit')?.addEventListener('click', exited);

    pressEarlyTap();
    pressEarlyTap();
    expect(started).toHaveBeenCalledTimes(1);
    expect(exited).not.toHaveBeenCalled();
  });

  it('is not kept after the app has started: the app answers taps itself', () => {
    prerendered('<button id="start">Start</button>');
    pressEarlyTap();
    tap('#start');
    const started = vi.fn();
    document.querySelector('#start')?.addEventListener('click', started);
    pressEarlyTap();
    expect(started).not.toHaveBeenCalled();
  });

  it('is dropped when the app drew the page anew, and for links, which load their page anyway', () => {
    prerendered('<button id="start">Start</button><a id="programs" href="#programs">Programs</a>');
    tap('#start');
    document.body.innerHTML = '<button id="start">Start</button>';
    const started = vi.fn();
    document.querySelector('#start')?.addEventListener('click', started);
    pressEarlyTap();
    expect(started).not.toHaveBeenCalled();

    prerendered('<a id="programs" href="#programs">Programs</a>');
    tap('#programs');
    expect(window.samEarlyTaps?.last).toBeNull();
  });
});
