/**
 * Safe on a shared device, in a real Chromium against the real server: the list of places the account is
 * signed in, with signing out another one or all others; the idle lock, which takes the writing and the
 * key off the device and opens again with the password, losing nothing typed; quick exit by its button and
 * by Escape three times, leaving no way Back; the neutral tab title; and Start Over forgetting the address.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  dialog,
  eventually,
  expectKeyKeptForAccount,
  hidden,
  logOut,
  newAccount,
  openSignIn,
  pageHeading,
  signIn,
  signUp,
  storedKeyIds,
  storedSession,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment();
const shot = screenshots('shared-device', { fullPage: true });
const account = newAccount('shared-device', 'Robin');
const TYPED = `Answer typed before the lock ${Date.now().toString(36)} juniper`;
const NEUTRAL = 'https://www.bbc.com/weather';

/** A phone that answers the neutral page itself: the tests reach nothing outside this machine. */
async function phoneWithNeutralPage(): Promise<BrowserContext> {
  const context = await env.newContext();
  await context.route(`${NEUTRAL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><h1>Weather</h1>' }),
  );
  return context;
}

const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');

const tokenWorks = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('auth_token');
    return (await fetch('/api/whoami', { headers: { authorization: `Bearer ${token}` } })).status === 200;
  });

describe("where you're signed in", () => {
  it('lists each browser, and signs out one other or all the others from here', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    const second = await (await env.newContext()).newPage();
    const third = await (await env.newContext()).newPage();
    await signIn(second, account);
    await signIn(third, account);

    await page.goto('/profile');
    await visible(pageHeading(page, 'My Profile'));
    await visible(page.getByRole('heading', { name: "Where you're signed in" }));
    await eventually(() => devices(page).count()).toBe(3);
    await visible(devices(page).filter({ hasText: '(this device)' }));
    await expect
      .poll(() =>
        devices(page)
          .filter({ hasText: /Last used .+ · signed in / })
          .count(),
      )
      .toBe(3);
    await page.getByRole('heading', { name: "Where you're signed in" }).scrollIntoViewIfNeeded();
    await shot(page, 'sessions');
    await expectAccessible(page, 'the sessions list');

    await devices(page)
      .filter({ hasNotText: '(this device)' })
      .first()
      .getByRole('button', { name: /^Sign out / })
      .click();
    await visible(page.getByText('Signed out on that device.'));
    await eventually(() => devices(page).count()).toBe(2);
    const stillIn = [await tokenWorks(second), await tokenWorks(third)];
    expect(stillIn.filter(Boolean)).toHaveLength(1);

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await visible(page.getByText('Signed out everywhere else.'));
    await eventually(() => devices(page).count()).toBe(1);
    expect([await tokenWorks(second), await tokenWorks(third)]).toEqual([false, false]);
    expect(await tokenWorks(page)).toBe(true);
    await hidden(page.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(env.pageErrors).toEqual([]);
  });
});

describe('the idle lock', () => {
  it('forgets the key after the chosen time, hides the writing, and opens again with the password', async () => {
    const page = await (await env.newContext()).newPage();
    await page.clock.install();
    await signIn(page, account);
    await page.goto('/profile');
    await page.getByLabel('Lock SAM when it is not used').selectOption({ label: 'After 5 minutes' });

    await page.goto('/programs/saa/12-steps/step-2');
    await visible(pageHeading(page, 'Step Two'));
    const question = page.getByLabel(/^1\. /).and(page.getByRole('textbox'));
    await question.fill(TYPED);

    await page.clock.fastForward('05:30');
    await visible(pageHeading(page, 'SAM is locked'));
    await shot(page, 'locked');
    await expectAccessible(page, 'the lock screen');
    expect(await page.content()).not.toContain(TYPED);
    await eventually(() => storedKeyIds(page)).toEqual([]);

    await page.getByRole('button', { name: 'Unlock with my password' }).click();
    const unlock = await visible(dialog(page, 'Unlock your writing'));
    await unlock.getByLabel('Password', { exact: true }).fill(account.password);
    await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await hidden(unlock, 20_000);
    await visible(pageHeading(page, 'Step Two'));
    await eventually(() => question.inputValue()).toBe(TYPED);
    await expectKeyKeptForAccount(page);
  });
});

describe('quick exit', () => {
  it('leaves for the neutral page by its button, and Back does not bring SAM back', async () => {
    const page = await (await phoneWithNeutralPage()).newPage();
    await page.goto('/programs/saa');
    const button = page.getByRole('banner').getByRole('button', { name: /^Quick exit/ });
    await visible(button);
    await shot(page, 'quick-exit-button');
    await button.click();
    await page.waitForURL(NEUTRAL);
    await page.goBack().catch(() => null);
    expect(page.url()).not.toContain('/programs/saa');
  });

  it('leaves at once from a page whose app has not loaded yet, for a visitor and a signed-in person', async () => {
    const context = await phoneWithNeutralPage();
    const page = await context.newPage();
    for (const who of ['visitor', 'signed in']) {
      if (who === 'signed in') await signIn(page, account);
      // The app's scripts never come, as on a phone that has lost its signal: only the prerendered page
      // is there, and its Quick exit must work on its own.
      await page.route('**/assets/*.js', () => undefined);
      await page.goto('/programs/saa', { waitUntil: 'commit' });
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Quick exit/ })
        .click();
      await page.waitForURL(NEUTRAL);
      await page.unroute('**/assets/*.js');
    }
    await context.close();
  });

  it('leaves when Escape is pressed three times on a page whose app has not loaded yet', async () => {
    const context = await phoneWithNeutralPage();
    const page = await context.newPage();
    await page.route('**/assets/*.js', () => undefined);
    await page.goto('/programs/saa', { waitUntil: 'commit' });
    await visible(page.getByRole('banner').getByRole('button', { name: /^Quick exit/ }));
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Escape');
    await page.waitForURL(NEUTRAL);
    await context.close();
  });

  it('leaves when Escape is pressed three times, even over an open dialog', async () => {
    const page = await (await phoneWithNeutralPage()).newPage();
    await page.goto('/');
    await openSignIn(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForURL(NEUTRAL);
  });
});

describe('a neutral tab title and Start Over', () => {
  it('shows "Notes" as the title once chosen on this device, also after logging out', async () => {
    const page = await (await env.newContext()).newPage();
    await signIn(page, account);
    await page.goto('/profile');
    expect(await page.title()).toContain('SAM');
    await page.getByRole('checkbox', { name: 'Show "Notes" as the tab title instead of SAM' }).click();
    await eventually(() => page.title()).toBe('Notes');
    await page.goto('/programs/saa/12-steps/step-1');
    await visible(pageHeading(page, 'Step One'));
    await eventually(() => page.title()).toBe('Notes');
    // A device setting: logging out (which wipes the browser's storage) keeps it.
    await logOut(page);
    await page.goto('/programs/saa');
    await eventually(() => page.title()).toBe('Notes');
  });

  it('forgets the remembered address with Start Over', async () => {
    const page = await (await env.newContext()).newPage();
    await signIn(page, account, { remember: true });
    expect((await storedSession(page)).rememberedEmail).toBe(account.email);
    await logOut(page);
    await page.goto('/');
    await visible(pageHeading(page, 'Welcome back'));
    await page.getByRole('button', { name: 'Start Over' }).click();
    await eventually(async () => (await storedSession(page)).rememberedEmail).toBeNull();
    await eventually(async () => (await storedSession(page)).hasAccount).toBeNull();
    const signInDialog = await openSignIn(page);
    expect(await signInDialog.getByLabel('Email').inputValue()).toBe('');
  });
});
