/**
 * The home page as the build prerenders it (a first-time visitor's "Welcome to SAM") and as a returning
 * person gets it: a signed-in user and a signed-out returning visitor reload / and never see the
 * first-time visitor's welcome on any frame, and the app takes the page over without a hydration error.
 * A first-time visitor still gets the prerendered page at once.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/environment.ts';
import { logOut, newAccount, pageHeading, signIn, signUp, visible } from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

/** Every test starts in a fresh phone-sized context, as a visitor. */
const env = e2eEnvironment({ pagePerTest: true });
const shot = screenshots('home');
const member = newAccount('home', 'Robin');

beforeAll(async () => {
  const setup = await env.newPage();
  await signUp(setup.page, env.mail, member);
  await setup.context.close();
});

afterEach(() => {
  expect(env.pageErrors, 'CSP violations or page errors').toEqual([]);
});

/**
 * From the next page load on: the texts of the elements matching `selector` (level-one headings, the
 * header's buttons) visible on any frame the browser draws (read in requestAnimationFrame, just before each
 * paint), in the order they first showed.
 */
async function recordDrawn(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((selector) => {
    const drawn: string[] = [];
    const recorded = window as unknown as { samDrawn?: Record<string, string[]> };
    recorded.samDrawn = { ...recorded.samDrawn, [selector]: drawn };
    const look = () => {
      for (const element of document.querySelectorAll(selector)) {
        const text = element.textContent?.trim() ?? '';
        const shown = element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
        if (shown && text && !drawn.includes(text)) drawn.push(text);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, selector);
  return () =>
    page.evaluate(
      (selector) => (window as unknown as { samDrawn: Record<string, string[]> }).samDrawn[selector] ?? [],
      selector,
    );
}

const recordHeadingsDrawn = (page: Page) => recordDrawn(page, 'h1');

/** Every console message of the page (React reports a failed hydration there), as `type: text`. */
function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

const hydrationTrouble = (messages: string[]) =>
  messages.filter((m) => /#418|#423|#425|hydrat|did not match|drew the page anew/i.test(m));

describe('the home page on a reload', () => {
  it('never shows a signed-in user the first-time visitor’s welcome, and hydrates cleanly', async () => {
    const { page } = env;
    await signIn(page, member);
    const drawn = await recordHeadingsDrawn(page);
    const headerButtons = await recordDrawn(page, 'header button');
    const messages = recordConsole(page);

    await page.reload();
    await visible(pageHeading(page, `Welcome, ${member.name}`), 20_000);
    await visible(page.getByRole('heading', { level: 2, name: 'Choose your program' }));
    expect(hydrationTrouble(messages)).toEqual([]);
    expect(await drawn()).not.toContain('Welcome to SAM');
    expect(await drawn()).toContain(`Welcome, ${member.name}`);
    // Nor the visitor's Login in the header while the app takes the prerendered page over.
    expect(await headerButtons()).not.toContain('Login');
    expect(await headerButtons()).toContain('Quick exit');
    await shot(page, 'signed-in-reload', { desktop: true });
  });

  it('never shows a returning visitor the first-time visitor’s welcome, and hydrates cleanly', async () => {
    const { page } = env;
    await signIn(page, member);
    await logOut(page);
    const drawn = await recordHeadingsDrawn(page);
    const messages = recordConsole(page);

    await page.reload();
    await visible(pageHeading(page, 'Welcome back'));
    await visible(page.getByRole('button', { name: 'Start Over' }));
    expect(hydrationTrouble(messages)).toEqual([]);
    expect(await drawn()).not.toContain('Welcome to SAM');
    expect(await drawn()).toContain('Welcome back');
    await shot(page, 'returning-reload', { desktop: true });

    // Start Over forgets the account: the next load is a first-time visitor's again.
    await page.getByRole('button', { name: 'Start Over' }).click();
    await visible(pageHeading(page, 'Welcome to SAM'));
    expect(await drawn()).toEqual(['Welcome to SAM']);
  });

  it('still gives a first-time visitor the prerendered welcome, taken over without a hydration error', async () => {
    const { page } = env;
    const served = await (await fetch(`${env.server.baseUrl}/`)).text();
    expect(served).toContain('Welcome to SAM');
    const drawn = await recordHeadingsDrawn(page);
    const messages = recordConsole(page);

    await page.goto('/');
    await visible(pageHeading(page, 'Welcome to SAM'));
    await visible(page.getByRole('button', { name: 'Create Account', exact: true }).first());
    expect(await drawn()).toEqual(['Welcome to SAM']);
    expect(hydrationTrouble(messages)).toEqual([]);
  });
});
