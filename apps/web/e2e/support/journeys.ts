import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { MailReceiver } from '../../../server/test/mailReceiver.ts';
import type { E2eEnvironment } from './environment.ts';
import type { SamServer } from './samServer.ts';

const root = new URL('../../../../', import.meta.url).pathname;

export type Account = { name: string; email: string; password: string };

let accounts = 0;

/** A fresh account for one test: a unique e-mail, and a password long enough to pass every rule. */
export function newAccount(label: string, name = 'Ada'): Account {
  accounts += 1;
  const unique = `${Date.now().toString(36)}${accounts}`;
  return {
    name,
    email: `${label}-${unique}@example.com`,
    password: `Quiet river ${unique} keeps flowing`,
  };
}

/** Lets React and Radix finish what a key press or click started (two animation frames). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * expect.poll with a timeout that suits a browser under load (vitest's default is 1 s): for states that
 * have no element to wait for, such as an alert received, focus moved or a key stored.
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: 15_000, interval: 50, message });
}

export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** The page's level-one heading with exactly this text (or matching this pattern). */
export function pageHeading(page: Page, name: string | RegExp): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** The dialog with exactly this title (or one matching this pattern). */
export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

/** The signed-in header menu's button ("Menu, signed in as …"). */
export function menuButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Menu\s*, signed in as / });
}

/** Opens the header menu with a click and chooses one item. */
export async function chooseMenuItem(page: Page, item: string): Promise<void> {
  await menuButton(page).click();
  await (await visible(page.getByRole('menuitem', { name: item, exact: true }))).click();
}

/** The open "Save your recovery code" dialog's code (26 base32 characters, without the group breaks). */
export async function readRecoveryCode(page: Page): Promise<string> {
  const codeDialog = await visible(dialog(page, 'Save your recovery code'), 20_000);
  const label = codeDialog.getByText('Your recovery code:');
  const text = (await label.locator('xpath=..').textContent()) ?? '';
  const code = text.replace('Your recovery code:', '').replace(/\s+/g, '');
  expect(code).toMatch(/^[A-Z2-7]{26}$/);
  return code;
}

/** Ticks "I have saved it" in the recovery code dialog, continues, and returns the code it showed. */
export async function keepRecoveryCode(page: Page): Promise<string> {
  const code = await readRecoveryCode(page);
  const codeDialog = dialog(page, 'Save your recovery code');
  await codeDialog.getByRole('checkbox', { name: 'I have saved it' }).click();
  await codeDialog.getByRole('button', { name: 'Continue' }).click();
  await hidden(codeDialog);
  return code;
}

/** Public home -> Create Account -> the fields -> /verify-email (without entering the code). */
export async function submitSignup(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await visible(pageHeading(page, 'Welcome to SAM'));
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await submitSignupForm(page, account);
}

/** Fills and sends the open Create Account dialog; waits for /verify-email. */
export async function submitSignupForm(page: Page, account: Account): Promise<void> {
  const modal = await visible(dialog(page, 'Create Account'));
  await modal.getByLabel('First name').fill(account.name);
  await modal.getByLabel('Email').fill(account.email);
  await modal.getByLabel('Password', { exact: true }).fill(account.password);
  await modal.getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/verify-email', { timeout: 20_000 });
  await hidden(modal);
}

/** Enters the mailed code on /verify-email and presses Verify. */
/** After sign-up the code field has the focus: the person types the code at once. */
export async function codeFieldFocused(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code');
}

export async function enterConfirmationCode(page: Page, code: string): Promise<void> {
  await visible(pageHeading(page, 'Verify Your Email'));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The accounts signed up in this file so far: a second sign-up of one is a test's second try. */
const signedUp = new WeakSet<Account>();

/**
 * A failed test runs once more (vitest.config.ts), and its first try already made the account it signs up,
 * maybe leaving the page signed in halfway through. The second try starts signed out, as a new account under
 * a fresh address, which the file's later tests then use too (they read the same `account`).
 */
async function startOverAsNewAccount(page: Page, account: Account): Promise<void> {
  const label = account.email.replace(/-[^-]*@example\.com$/, '');
  Object.assign(account, newAccount(label, account.name));
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

/**
 * The whole sign-up in the browser: form, mailed code, recovery code kept, signed-in home. Returns the
 * recovery code shown once.
 */
export async function signUp(page: Page, mail: MailReceiver, account: Account): Promise<string> {
  if (signedUp.has(account)) await startOverAsNewAccount(page, account);
  signedUp.add(account);
  const before = mail.received.length;
  await submitSignup(page, account);
  return verifyNewAccount(page, mail, account, before);
}

/**
 * The sign-up from an open Create Account dialog (opened anywhere: onboarding, /signup, a program page):
 * the fields, the mailed code, the recovery code kept, the signed-in home. Returns the recovery code.
 */
export async function completeSignUp(page: Page, mail: MailReceiver, account: Account): Promise<string> {
  const before = mail.received.length;
  await submitSignupForm(page, account);
  return verifyNewAccount(page, mail, account, before);
}

/** On /verify-email after a sign-up: the code mailed after `before`, the recovery code kept, the home. */
async function verifyNewAccount(page: Page, mail: MailReceiver, account: Account, before: number) {
  await enterConfirmationCode(page, await mail.codeFor(account.email, before));
  const recoveryCode = await keepRecoveryCode(page);
  await visible(pageHeading(page, `Welcome, ${account.name}`), 20_000);
  return recoveryCode;
}

/** Opens Sign In from the header's Login button. */
export async function openSignIn(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  return visible(dialog(page, 'Sign In'));
}

/** Fills and sends the open Sign In dialog; waits for it to close. */
export async function submitSignIn(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  options: { remember?: boolean } = {},
): Promise<void> {
  const modal = await visible(dialog(page, 'Sign In'));
  await modal.getByLabel('Email').fill(account.email);
  await modal.getByLabel('Password', { exact: true }).fill(account.password);
  if (options.remember !== undefined) {
    const box = modal.getByRole('checkbox', { name: 'Remember me' });
    if ((await box.isChecked()) !== options.remember) await box.click();
  }
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  await hidden(modal, 20_000);
}

/** Signs in from the home page and waits until the data key is in this browser. */
export async function signIn(page: Page, account: Account, options: { remember?: boolean } = {}) {
  await page.goto('/');
  await visible(page.getByRole('heading', { level: 1, name: /^Welcome/ }));
  await openSignIn(page);
  await submitSignIn(page, account, options);
  await visible(pageHeading(page, `Welcome, ${account.name}`));
  await expectKeyKeptForAccount(page);
}

/** The question Logout asks when some writing could not be saved first. */
export const LOGOUT_UNSAVED = 'Some writing is not saved yet';
/** What Logout says once the session is revoked and the device wiped. */
export const LOGGED_OUT = 'You are logged out';

/**
 * Menu -> Logout -> "You are logged out" -> OK -> home. With `unsavedWriting`, the question about writing
 * that could not be saved comes first and is answered "Log out anyway"; without it, that question fails
 * the test (writing the test did not expect to be unsaved).
 */
export async function logOut(page: Page, options: { unsavedWriting?: boolean } = {}): Promise<void> {
  await chooseMenuItem(page, 'Logout');
  const question = dialog(page, LOGOUT_UNSAVED);
  const done = dialog(page, LOGGED_OUT);
  await visible(question.or(done), 20_000);
  if (await question.isVisible()) {
    if (!options.unsavedWriting)
      throw new Error('Logout asked about unsaved writing the test did not expect');
    await question.getByRole('button', { name: 'Log out anyway' }).click();
  }
  const alert = await visible(done, 20_000);
  await alert.getByRole('button', { name: 'OK' }).click();
  await hidden(alert);
  await visible(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }));
}

/**
 * Signed out: Sign In -> Forgot password? -> the mailed code -> a new password. Ends with the Sign In dialog
 * open again with the e-mail filled in.
 */
export async function resetPasswordByEmail(
  page: Page,
  mail: MailReceiver,
  email: string,
  newPassword: string,
): Promise<void> {
  const signInDialog = await openSignIn(page);
  await signInDialog.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = await visible(dialog(page, 'Reset Password'));
  await forgot.getByLabel('Email').fill(email);
  const before = mail.received.length;
  await forgot.getByRole('button', { name: 'Send reset code' }).click();
  const reset = await visible(dialog(page, 'Reset Your Password'));
  await reset.getByLabel('Reset code').fill(await mail.codeFor(email, before));
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await visible(reset.getByText('Your password has been reset.', { exact: false }), 20_000);
  await hidden(reset, 10_000);
  const again = await visible(dialog(page, 'Sign In'));
  expect(await again.getByLabel('Email').inputValue()).toBe(email);
}

/** In the open Sign In dialog after a reset: the new password, then "Recover Your Data" (returned). */
export async function signInAfterReset(page: Page, newPassword: string): Promise<Locator> {
  const signInDialog = await visible(dialog(page, 'Sign In'));
  await signInDialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await hidden(signInDialog, 20_000);
  return visible(dialog(page, 'Recover Your Data'), 20_000);
}

/** In "Recover Your Data": Start fresh, confirmed; keeps the new recovery code and returns it. */
export async function startFresh(page: Page): Promise<string> {
  const recover = await visible(dialog(page, 'Recover Your Data'));
  await recover.getByRole('button', { name: 'Start fresh', exact: true }).click();
  const confirm = await visible(dialog(page, 'Start fresh?'));
  await confirm.getByRole('button', { name: 'Start fresh', exact: true }).click();
  return keepRecoveryCode(page);
}

/** The user ids that have a data key in this browser's IndexedDB ('sam-keys' / 'keys'); never creates it. */
export function storedKeyIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('sam-keys')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sam-keys');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('keys')) return [];
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction('keys', 'readonly').objectStore('keys').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return keys.map(String);
    } finally {
      db.close();
    }
  });
}

/** The signed-in account's id as this browser stored it with the session (what its data key is kept under). */
export async function storedAccountId(page: Page): Promise<string | null> {
  const { userInfo } = await storedSession(page);
  return userInfo ? ((JSON.parse(userInfo) as { id?: string }).id ?? null) : null;
}

/** Waits until this browser keeps exactly one data key: the signed-in account's. */
export async function expectKeyKeptForAccount(page: Page): Promise<void> {
  await eventually(async () => {
    const id = await storedAccountId(page);
    return id !== null && JSON.stringify(await storedKeyIds(page)) === JSON.stringify([id]);
  }).toBe(true);
}

/** The session's keys in localStorage (token, user, account flag, remembered e-mail) as this browser holds them. */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    authToken: localStorage.getItem('auth_token'),
    userInfo: localStorage.getItem('user_info'),
    hasAccount: localStorage.getItem('rc_has_account'),
    rememberedEmail: localStorage.getItem('remembered_email'),
  }));
}

/** The admin CLI of the README, on the test server's database; returns what it printed. */
export async function grantAdmin(server: Pick<SamServer, 'databaseFile'>, email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/cli.ts'), 'admin', 'grant', email],
    { cwd: root, env: { ...process.env, DATABASE_URL: `sqlite:${server.databaseFile}` } },
  );
  return stdout;
}

/**
 * The invite link of the newest invitation mailed to `to` since message `after`, as a path (/invite?token=…).
 * It waits with a plain loop rather than `eventually`, so the benchmark can use it outside vitest.
 */
export async function inviteLinkFor(mail: MailReceiver, to: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = mail.received
      .slice(after)
      .filter((m) => m.to === to && /invitation on SAM$/.test(m.subject))
      .at(-1);
    // Quoted-printable: soft line breaks and an encoded '='.
    const text = message?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
    const link = /\/invite\?token=[A-Za-z0-9_.-]+/.exec(text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${to} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The sponsee, signed in on `sponsee`, asks `sponsor` (who has no account yet) to be their SAA sponsor from
 * Profile › Sponsorship; the sponsor opens the mailed link in a browser of their own, accepts, signs up
 * there with the mailed code and keeps the recovery code, and the invitation is accepted. That browser is
 * `sponsorPage` when given (one whose requests are recorded from the start), a new context otherwise.
 * Returns the sponsor's page, signed in.
 */
export async function inviteSponsorWhoSignsUp(
  env: Pick<E2eEnvironment, 'mail' | 'newPage'>,
  sponsee: Page,
  sponsor: Account,
  sponsorPage?: Page,
): Promise<Page> {
  const { mail } = env;
  await chooseMenuItem(sponsee, 'Profile');
  const profile = await visible(dialog(sponsee, 'Profile'));
  await profile.getByRole('tab', { name: 'Sponsorship' }).click();
  await profile.getByLabel('Their email').fill(sponsor.email);
  await profile.getByRole('radio', { name: /^My sponsor/ }).check();
  await profile.getByLabel('Program').selectOption('SAA');
  await profile.getByLabel('Their name (optional)').fill(sponsor.name);
  const before = mail.received.length;
  await profile.getByRole('button', { name: 'Send invitation' }).click();
  await visible(profile.getByText(`Invitation sent to ${sponsor.email}.`), 15_000);
  const link = await inviteLinkFor(mail, sponsor.email, before);
  await sponsee.keyboard.press('Escape');
  await hidden(profile);

  const page = sponsorPage ?? (await env.newPage()).page;
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/signup', { timeout: 15_000 });
  const signup = await visible(dialog(page, 'Create Account'));
  await signup.getByLabel('First name').fill(sponsor.name);
  await signup.getByLabel('Password', { exact: true }).fill(sponsor.password);
  const sent = mail.received.length;
  await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/verify-email', { timeout: 20_000 });
  await enterConfirmationCode(page, await mail.codeFor(sponsor.email, sent));
  await keepRecoveryCode(page);
  await visible(page.getByText(/Invitation accepted\./), 30_000);
  return page;
}

/** The sponsee's "Shared with my sponsor" panel, on the Profile page's Sponsorship tab. */
export async function sharedWithSponsorPanel(page: Page): Promise<Locator> {
  await page.goto('/profile?tab=sponsorship');
  return visible(page.getByRole('region', { name: /^Shared with my sponsor/ }), 30_000);
}

/** One item's card ("Step 1", "My three circles", …) in the sponsee's panel or on a page. */
export function itemCard(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('article', { name: title, exact: true });
}

/** The sponsor, signed in on `page`, opens My sponsees and then the space the sponsee shares with them. */
export async function openSponseeSpace(page: Page, sponseeName: string): Promise<void> {
  await page.goto('/sponsees');
  await visible(pageHeading(page, 'My sponsees'), 15_000);
  await page.getByRole('link', { name: sponseeName }).click();
  await visible(pageHeading(page, `Shared by ${sponseeName}`), 30_000);
}

/** The safety code as a page shows it ("1234 5678 …"). */
export async function safetyCodeOf(page: Page): Promise<string> {
  const code = await visible(
    page.locator('p', { hasText: /^\d{4} \d{4} \d{4} \d{4} \d{4}/ }).first(),
    30_000,
  );
  return ((await code.textContent()) ?? '').slice(0, 24);
}

/**
 * Both people of a new relationship compare the safety code and mark it verified, as they would in person:
 * the sponsee in Profile › Sponsorship, the sponsor on the sponsee's space. Nothing is shared before that.
 */
export async function compareSafetyCodes(
  sponsee: { page: Page; name: string },
  sponsor: { page: Page; name: string },
): Promise<void> {
  const panel = await sharedWithSponsorPanel(sponsee.page);
  const code = await safetyCodeOf(sponsee.page);
  await openSponseeSpace(sponsor.page, sponsee.name);
  expect(await safetyCodeOf(sponsor.page)).toBe(code);
  await panel.getByRole('button', { name: 'We compared it: mark verified' }).click();
  await visible(panel.getByText(`Verified: you compared this code with ${sponsor.name}.`), 15_000);
  await sponsor.page.getByRole('button', { name: 'We compared it: mark verified' }).click();
  await visible(sponsor.page.getByText(`Verified: you compared this code with ${sponsee.name}.`), 15_000);
}
