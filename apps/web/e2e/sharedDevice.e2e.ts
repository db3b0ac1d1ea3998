/**
 * Safe on a shared device, in a real Chromium against the real server: the list of places the account is
 * signed in, with signing out another one or all others, and a device signed out that way told so; the
 * idle lock, which takes the writing and the key off the device and opens again with the password, losing
 * nothing typed and making no second sign-in; quick exit by its button and by Escape three times, leaving no
 * way Back and SAM locked; Logout, which wipes the device before it says so and asks before it deletes
 * unsaved writing; the neutral tab title; and Start Over forgetting the address.
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
  LOGGED_OUT,
  LOGOUT_UNSAVED,
  logOut,
  menuButton,
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
import { stepSaved, stepUrl } from './support/stepPages.ts';

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

/** Whether `token` still opens a session on the server (asked from outside any page). */
const serverAccepts = async (token: string | null) =>
  (await fetch(`${env.server.baseUrl}/api/whoami`, { headers: { authorization: `Bearer ${token}` } }))
    .status === 200;

/** Step Two's first question, as a text box. */
const stepTwoAnswer = (page: Page) => page.getByLabel(/^1\. /).and(page.getByRole('textbox'));

/** A page of a new phone of its own, signed up as a new account: "Where you're signed in" lists it alone. */
async function newPhoneSignedUp(label: string, name: string) {
  const person = newAccount(label, name);
  const page = await (await phoneWithNeutralPage()).newPage();
  await signUp(page, env.mail, person);
  return { person, page };
}

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

  it('tells a device signed out from another one why, once: on its next request and on a reload', async () => {
    const { person, page: laptop } = await newPhoneSignedUp('signed-out-elsewhere', 'Kit');
    const phone = await (await env.newContext()).newPage();
    const library = await (await env.newContext()).newPage();
    await signIn(phone, person);
    await signIn(library, person);
    await laptop.goto(stepUrl(2));
    await visible(pageHeading(laptop, 'Step Two'));
    await phone.goto('/profile');
    await (await visible(phone.getByRole('button', { name: 'Sign out everywhere else' }))).click();
    await visible(phone.getByText('Signed out everywhere else.'));

    // The laptop was in the middle of writing: its next save is refused, and it signs out and says why.
    await stepTwoAnswer(laptop).fill('Written as the sign-in ended');
    const told = await visible(dialog(laptop, 'Sign In'), 20_000);
    await visible(told.getByText('You were signed out from another device.'));
    await shot(laptop, 'signed-out-elsewhere');
    await expectAccessible(laptop, 'the sign-in dialog after a sign-out from another device');
    await eventually(async () => (await storedSession(laptop)).authToken).toBeNull();
    await eventually(() => storedKeyIds(laptop)).toEqual([]);

    // The library computer was closed meanwhile: opening SAM again says so, once.
    await library.reload();
    const libraryTold = await visible(dialog(library, 'Sign In'), 20_000);
    await visible(libraryTold.getByText('You were signed out from another device.'));
    await libraryTold.getByRole('button', { name: 'Close' }).first().click();
    await hidden(libraryTold);
    await library.reload();
    await visible(pageHeading(library, 'Welcome back'));
    await openSignIn(library);
    expect(
      await dialog(library, 'Sign In').getByText('You were signed out from another device.').count(),
    ).toBe(0);
  });
});

describe('the idle lock', () => {
  it('forgets the key after the chosen time, hides the writing, and opens again with the password', async () => {
    const page = await (await env.newContext()).newPage();
    await page.clock.install();
    const person = newAccount('idle-lock', 'Jo');
    await signUp(page, env.mail, person);
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
    await unlock.getByLabel('Password', { exact: true }).fill(person.password);
    await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await hidden(unlock, 20_000);
    await visible(pageHeading(page, 'Step Two'));
    await eventually(() => question.inputValue()).toBe(TYPED);
    await expectKeyKeptForAccount(page);

    // The password unlocked the same sign-in: "Where you're signed in" shows this device once.
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: "Where you're signed in" }));
    await eventually(() => devices(page).count()).toBe(1);
    await visible(devices(page).filter({ hasText: '(this device)' }));
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

  it('locks SAM by default: opened again, it shows the lock screen and no writing until the password', async () => {
    const { person, page } = await newPhoneSignedUp('quick-exit-lock', 'Lee');
    await page.goto('/profile');
    const setting = page.getByRole('checkbox', { name: 'Lock SAM when I use Quick exit' });
    await visible(setting);
    expect(await setting.isChecked()).toBe(true);
    await setting.scrollIntoViewIfNeeded();
    await shot(page, 'quick-exit-lock-setting');

    const answer = `Written before a quick exit ${Date.now().toString(36)} tamarind`;
    await page.goto(stepUrl(2));
    await visible(pageHeading(page, 'Step Two'));
    const saved = stepSaved(page);
    await stepTwoAnswer(page).fill(answer);
    await saved;
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Quick exit/ })
      .click();
    await page.waitForURL(NEUTRAL);

    // Typing SAM's address again: locked, the writing not on the page, the key gone from the browser.
    await page.goto(stepUrl(2));
    await visible(pageHeading(page, 'SAM is locked'), 20_000);
    await visible(page.getByText(/SAM locked itself when you used Quick exit/));
    await shot(page, 'locked-after-quick-exit');
    await expectAccessible(page, 'the lock screen after quick exit');
    expect(await page.content()).not.toContain(answer);
    await eventually(() => storedKeyIds(page)).toEqual([]);
    await page.goto('/');
    await visible(pageHeading(page, 'SAM is locked'));
    expect(await page.getByText(`Welcome, ${person.name}`).count()).toBe(0);

    await page.getByRole('button', { name: 'Unlock with my password' }).click();
    const unlock = await visible(dialog(page, 'Unlock your writing'));
    await unlock.getByLabel('Password', { exact: true }).fill(person.password);
    await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
    await hidden(unlock, 20_000);
    await visible(pageHeading(page, `Welcome, ${person.name}`));
    await page.goto(stepUrl(2));
    await eventually(() => stepTwoAnswer(page).inputValue()).toBe(answer);

    // Turned off in Profile, Quick exit only leaves.
    await page.goto('/profile');
    await page.getByRole('checkbox', { name: 'Lock SAM when I use Quick exit' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Quick exit/ })
      .click();
    await page.waitForURL(NEUTRAL);
    await page.goto('/');
    await visible(pageHeading(page, `Welcome, ${person.name}`));
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

describe('logout', () => {
  it('signs out before it says so: a page closed right after the tap is signed out, on the server too', async () => {
    const { person, page } = await newPhoneSignedUp('logout-close', 'Ari');
    const context = page.context();
    const { authToken } = await storedSession(page);
    expect(await serverAccepts(authToken)).toBe(true);
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.close();

    const again = await context.newPage();
    await again.goto('/');
    await visible(again.getByRole('banner').getByRole('button', { name: 'Login', exact: true }));
    expect(await again.getByText(`Welcome, ${person.name}`).count()).toBe(0);
    expect((await storedSession(again)).authToken).toBeNull();
    await eventually(() => storedKeyIds(again)).toEqual([]);
    await eventually(() => serverAccepts(authToken)).toBe(false);
  });

  it('saves what was just typed through the ordinary save, then logs out', async () => {
    const { person, page } = await newPhoneSignedUp('logout-save', 'Bea');
    const answer = `Typed just before logout ${Date.now().toString(36)} marigold`;
    await page.goto(stepUrl(2));
    await visible(pageHeading(page, 'Step Two'));
    const saved = stepSaved(page);
    await stepTwoAnswer(page).fill(answer);
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await saved;
    const done = await visible(dialog(page, LOGGED_OUT), 20_000);
    await done.getByRole('button', { name: 'OK' }).click();

    await signIn(page, person);
    await page.goto(stepUrl(2));
    await eventually(() => stepTwoAnswer(page).inputValue()).toBe(answer);
  });

  it('asks before deleting writing it cannot save, and "Keep writing" keeps the sign-in and the text', async () => {
    const { page } = await newPhoneSignedUp('logout-unsaved', 'Cy');
    const answer = `Typed while saving fails ${Date.now().toString(36)} juniper`;
    await page.goto(stepUrl(2));
    await visible(pageHeading(page, 'Step Two'));
    await page.route('**/api/progress/step', (route) => route.abort());
    await stepTwoAnswer(page).fill(answer);
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const ask = await visible(dialog(page, LOGOUT_UNSAVED), 30_000);
    await visible(ask.getByText(/Logging out deletes it from this device/));
    await shot(page, 'logout-unsaved');
    await expectAccessible(page, 'the question about unsaved writing at logout');

    await ask.getByRole('button', { name: 'Keep writing' }).click();
    await hidden(ask);
    expect(await stepTwoAnswer(page).inputValue()).toBe(answer);
    const { authToken } = await storedSession(page);
    expect(authToken).not.toBeNull();
    expect(await serverAccepts(authToken)).toBe(true);
    await expectKeyKeptForAccount(page);

    await logOut(page, { unsavedWriting: true });
    expect((await storedSession(page)).authToken).toBeNull();
    await eventually(() => serverAccepts(authToken)).toBe(false);
    await page.unroute('**/api/progress/step');
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
