import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';
import { PLAYWRIGHT_CHROMIUM_ARGS } from './chromiumFlags.ts';

export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH;
  if (!executablePath)
    throw new Error('CHROME_PATH is not set; run the browser tests through vitest --project e2e');
  return chromium.launch({ executablePath, headless: true, args: PLAYWRIGHT_CHROMIUM_ARGS });
}

/**
 * A phone-sized context (the person at 2 a.m.), with the service worker blocked so every run starts clean.
 * `options` override any of it (a desktop viewport, a locale).
 */
export function phoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    ...options,
  });
}

/**
 * No serious or critical axe violation on the page as it is now, once finite animations (a dialog fading
 * in) have finished: colour contrast measured mid-fade would be wrong.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/** Collects every request body and URL the page sends, to prove what never leaves the browser. */
export function recordTraffic(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    sent.push(
      `${request.method()} ${request.url()}\n${JSON.stringify(request.headers())}\n${request.postData() ?? ''}`,
    );
  });
  return sent;
}

/**
 * The page's API traffic while `load` runs, in order: `GET /api/x` as a request leaves, `answered /api/x` as
 * its answer is in.
 */
export async function apiTrafficDuring(page: Page, load: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const apiPath = (request: Request) => {
    const path = new URL(request.url()).pathname;
    return path.startsWith('/api/') ? path : null;
  };
  const sent = (request: Request) => {
    const path = apiPath(request);
    if (path) lines.push(`${request.method()} ${path}`);
  };
  const answered = (request: Request) => {
    const path = apiPath(request);
    if (path) lines.push(`answered ${path}`);
  };
  page.on('request', sent);
  page.on('requestfinished', answered);
  try {
    await load();
  } finally {
    page.off('request', sent);
    page.off('requestfinished', answered);
  }
  return lines;
}

/**
 * In traffic from apiTrafficDuring: `read` (`GET /api/x`) left once, and before the session check's answer
 * was in (the page read it ahead, not after the check and its first render).
 */
export function expectReadAhead(traffic: string[], read: string): void {
  expect(
    traffic.filter((line) => line === read),
    `${read}, once`,
  ).toHaveLength(1);
  expect(traffic.indexOf(read), `${read} before the session check's answer`).toBeLessThan(
    traffic.indexOf('answered /api/whoami'),
  );
}

/**
 * In traffic from apiTrafficDuring: the session check left once, and before `read` (sent as the page
 * started, while the app's code loaded, not by the app once it had started).
 */
export function expectSessionCheckFirst(traffic: string[], read: string): void {
  const check = 'GET /api/whoami';
  expect(
    traffic.filter((line) => line === check),
    'the session check, once',
  ).toHaveLength(1);
  expect(traffic.indexOf(check), `the session check before ${read}`).toBeLessThan(traffic.indexOf(read));
}

/** The page's API replies as `status METHOD path`, the latest `keep` of them, for a failed test to print. */
export function recordApiReplies(page: Page, keep = 30): string[] {
  const replies: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    replies.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    if (replies.length > keep) replies.shift();
  });
  return replies;
}

/** Fails on CSP violations and uncaught page errors, which a strict policy would otherwise hide. */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      errors.push(`csp: ${message.text()}`);
    }
  });
  return errors;
}

/**
 * Every console error a page logs, with where it came from. Chromium logs each failed request (a 404 as
 * much as a 500) as one, so a page that expects nothing to fail can assert this stays empty.
 */
export function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  return errors;
}

/**
 * Holds the app's scripts back, as on a slow phone, so that the page stays the prerendered one the visitor
 * sees first. Returns the release: the held scripts then load and the app takes the page over.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
