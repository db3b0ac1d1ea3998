/**
 * Account safety in a real Chromium: a locked-out sign-in says how long to wait and offers a new password;
 * a confirmation link confirms only on a click, and says so when another account is signed in here; a
 * remembered address whose key-derivation settings changed is asked about before anything is derived or sent.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  dialog,
  hidden,
  logOut,
  newAccount,
  openSignIn,
  pageHeading,
  signIn,
  signUp,
  storedSession,
  submitSignup,
  visible,
} from './support/journeys.ts';

const env = e2eEnvironment({ pagePerTest: true });

describe('a locked-out sign-in', () => {
  it('says how long to wait and offers a new password beside the message', async () => {
    const { page } = env;
    const account = newAccount('lockout');
    await signUp(page, env.mail, account);
    await logOut(page);

    await openSignIn(page);
    const modal = dialog(page, 'Sign In');
    const alert = modal.getByRole('alert');
    // Failures are counted in fixed 15-minute windows of the clock (10 allowed): attempts that straddle a
    // window's end start counting again, so up to twice the limit and one more may be needed.
    for (let attempt = 1; attempt <= 21; attempt++) {
      await modal.getByLabel('Email').fill(account.email);
      await modal.getByLabel('Password', { exact: true }).fill(`not-the-password-${attempt}`);
      await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(alert);
      if ((await alert.textContent())?.includes('Too many')) break;
    }
    await expect
      .poll(() => alert.textContent())
      .toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?, or use "Forgot password\?"/);
    await alert.getByRole('button', { name: 'Forgot password?' }).click();
    await visible(dialog(page, 'Reset Password'));
    expect(env.pageErrors).toEqual([]);
  });
});

describe('a confirmation link', () => {
  it('fills the form in and confirms only on a click, naming the account signed in here', async () => {
    const page = await (await env.newContext()).newPage();
    const signedIn = newAccount('already-here');
    await signUp(page, env.mail, signedIn);

    // Someone else's sign-up on another device; its link is opened on this one.
    const other = await env.newContext();
    const otherPage = await other.newPage();
    const newcomer = newAccount('newcomer');
    const before = env.mail.received.length;
    await otherPage.goto('/');
    await submitSignup(otherPage, newcomer);
    const code = await env.mail.codeFor(newcomer.email, before);

    await page.goto(`/verify-email?email=${encodeURIComponent(newcomer.email)}&code=${code}`);
    await visible(pageHeading(page, 'Verify Your Email'));
    expect(await page.getByLabel('Verification code').inputValue()).toBe(code);
    await visible(page.getByRole('status').filter({ hasText: `You are signed in as ${signedIn.email}.` }));
    await expectAccessible(page, 'the confirmation page with another account signed in');
    // Nothing happened on load: the session here is still the first account's.
    await page.waitForTimeout(500);
    expect((await storedSession(page)).userInfo).toContain(signedIn.email);

    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: /^(Email verified|One more step)$/ }), 20_000);
    expect((await storedSession(page)).userInfo).toContain(newcomer.email);
  });
});

describe('a remembered address', () => {
  it('asks before signing in when its key-derivation settings changed, and sends nothing first', async () => {
    const page = await (await env.newContext()).newPage();
    const account = newAccount('remembered');
    await signUp(page, env.mail, account);
    await logOut(page);
    await signIn(page, account, { remember: true });
    await logOut(page);

    // Someone between (or the server itself) now answers other parameters for this address.
    await page.route('**/api/auth/prelogin', async (route) => {
      const response = await route.fetch();
      const json = { ...(await response.json()), salt: 'AAAAAAAAAAAAAAAAAAAAAA==' };
      await route.fulfill({ response, json });
    });
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) logins.push(request.postData() ?? '');
    });
    const modal = await openSignIn(page);
    expect(await modal.getByLabel('Email').inputValue()).toBe(account.email);
    await modal.getByLabel('Password', { exact: true }).fill(account.password);
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(
      modal.getByRole('status').filter({ hasText: 'The sign-in settings for this address changed' }),
    );
    await expectAccessible(page, 'the changed-settings warning');
    expect(logins).toEqual([]);

    // The real settings again: the sign-in goes through.
    await page.unroute('**/api/auth/prelogin');
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
    await hidden(modal, 20_000);
    await visible(pageHeading(page, `Welcome, ${account.name}`));
  });
});
