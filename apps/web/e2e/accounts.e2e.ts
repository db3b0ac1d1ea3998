/**
 * Accounts in a real Chromium against the real server and a real SMTP receiver: sign-up with the mailed
 * code and the recovery code, logout, the returning home, remembered e-mail, what the password never does
 * (leave the browser), password reset with data recovery, and the verification page's errors and resend.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, recordConsoleErrors } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  codeFieldFocused,
  dialog,
  enterConfirmationCode,
  expectKeyKeptForAccount,
  hidden,
  keepRecoveryCode,
  logOut,
  menuButton,
  newAccount,
  openSignIn,
  pageHeading,
  readRecoveryCode,
  resetPasswordByEmail,
  settle,
  signIn,
  signInAfterReset,
  signUp,
  storedKeyIds,
  storedSession,
  submitSignIn,
  submitSignup,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import { openStep, stepAction, stepUrl } from './support/stepPages.ts';

/** Every test starts in a fresh phone-sized context. */
const env = e2eEnvironment({ pagePerTest: true });
const shot = screenshots('accounts');
/**
 * An account signed up once, for the tests about a session rather than a sign-up (the returning home, the
 * start-up check, a remembered e-mail): they sign in, which takes a second where a sign-up takes several.
 */
const member = newAccount('member', 'Ada');

beforeAll(async () => {
  const setup = await env.newPage();
  await signUp(setup.page, env.mail, member);
  await setup.context.close();
});

afterEach(() => {
  expect(env.pageErrors, 'CSP violations or page errors').toEqual([]);
});

/**
 * Whether an element is inside the viewport and on top there: what a tap at its centre reaches, not hidden
 * below a scrolling area.
 */
async function shownInViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
  if (!inside) return false;
  return locator.evaluate(
    (element, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (hit === element || element.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/**
 * AES-GCM under the data key this browser holds for the signed-in user: 'seal' returns base64 of the IV and
 * the ciphertext, 'open' reads what 'seal' made.
 */
function withStoredKey(target: Page, mode: 'seal' | 'open', text: string): Promise<string> {
  return target.evaluate(
    async ({ mode, text }) => {
      const user = JSON.parse(localStorage.getItem('user_info') ?? 'null') as { id: string };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('sam-keys');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const key = await new Promise<CryptoKey>((resolve, reject) => {
        const request = db.transaction('keys', 'readonly').objectStore('keys').get(user.id);
        request.onsuccess = () => resolve(request.result as CryptoKey);
        request.onerror = () => reject(request.error);
      });
      db.close();
      if (mode === 'open') {
        const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, 12) },
          key,
          bytes.subarray(12),
        );
        return new TextDecoder().decode(plain);
      }
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
      );
      const out = new Uint8Array(iv.length + sealed.length);
      out.set(iv);
      out.set(sealed, iv.length);
      return btoa(String.fromCharCode(...out));
    },
    { mode, text },
  );
}

describe('accounts', () => {
  it('signs up with the mailed code and a kept recovery code, then logs out cleanly', async () => {
    const { page } = env;
    const account = newAccount('signup', 'Grace');
    await page.goto('/');
    await visible(pageHeading(page, 'Welcome to SAM'));
    for (const card of ['Assess', 'Discover', 'My Journey']) {
      await visible(page.getByRole('heading', { level: 2, name: card, exact: true }));
    }
    expect(await page.getByRole('button', { name: 'Start Over' }).count()).toBe(0);

    const before = env.mail.received.length;
    await submitSignup(page, account);
    expect(new URL(page.url()).searchParams.get('email')).toBe(account.email);
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    const code = await env.mail.codeFor(account.email, before);
    expect(env.mail.received.at(-1)?.subject).toBe(`Your SAM confirmation code: ${code}`);
    await enterConfirmationCode(page, code);

    // The recovery code: shown once, cannot be dismissed, Continue only after "I have saved it".
    const codeDialog = await visible(dialog(page, 'Save your recovery code'), 20_000);
    const continueButton = codeDialog.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.mouse.click(4, 4);
    await settle(page);
    expect(await codeDialog.isVisible()).toBe(true);
    expect(await codeDialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    const recoveryCode = await readRecoveryCode(page);
    await expectAccessible(page, 'the recovery code dialog');
    // On a phone the confirmation and Continue stay in view below the scrolling text, with the reason
    // Continue waits.
    expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
    const savedBox = codeDialog.getByRole('checkbox', { name: 'I have saved it' });
    const reason = codeDialog.getByText('Tick "I have saved it" to continue.');
    await visible(reason);
    for (const shown of [savedBox, continueButton, reason]) {
      expect(await shownInViewport(page, shown), String(shown)).toBe(true);
    }
    await shot(page, '1-recovery-code', { desktop: true });
    await savedBox.click();
    expect(await continueButton.isEnabled()).toBe(true);
    await hidden(reason);
    await continueButton.click();
    await hidden(codeDialog);
    await visible(pageHeading(page, 'Email verified'));

    // Verified: back to the home page, signed in, with the data key in IndexedDB.
    await visible(pageHeading(page, 'Welcome, Grace'), 10_000);
    await visible(page.getByText('Personal Dashboard', { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/');
    await expectKeyKeptForAccount(page);
    const signedIn = await storedSession(page);
    expect(signedIn.authToken).toMatch(/\S{32,}/);
    expect(JSON.parse(signedIn.userInfo ?? '{}')).toMatchObject({ email: account.email, name: 'Grace' });
    expect(recoveryCode).toHaveLength(26);

    // Logout: the session and the key are gone first, then it says so.
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const alert = await visible(dialog(page, 'You are logged out'));
    await visible(
      alert.getByText('You are logged out. Your writing and your key are no longer on this device.'),
    );
    expect((await storedSession(page)).authToken).toBeNull();
    await expectAccessible(page, 'the logged-out alert');
    await alert.getByRole('button', { name: 'OK' }).click();
    await hidden(alert);
    await visible(pageHeading(page, 'Welcome back'));
    expect(new URL(page.url()).pathname).toBe('/');
    const after = await storedSession(page);
    expect(after.authToken).toBeNull();
    expect(after.userInfo).toBeNull();
    expect(after.hasAccount).toBe('true');
    expect(await storedKeyIds(page)).toEqual([]);
    // The token was revoked on the server, not only forgotten here.
    const whoami = await fetch(`${env.server.baseUrl}/api/whoami`, {
      headers: { authorization: `Bearer ${signedIn.authToken}` },
    });
    expect(whoami.status).toBe(401);
  });

  it('logs no console error from sign-up through a new account’s first pages', async () => {
    const { page } = env;
    const consoleErrors = recordConsoleErrors(page);
    await signUp(page, env.mail, newAccount('first-pages', 'Noor'));
    await page.waitForLoadState('networkidle');
    await page.goto('/profile');
    await visible(pageHeading(page, 'My Profile'));
    await page.waitForLoadState('networkidle');
    await openStep(page, 1, 'Step One');
    await page.waitForLoadState('networkidle');
    // A record an account does not have yet (its key, program choices, profile) is not an error.
    expect(consoleErrors).toEqual([]);
  });

  it('shows the returning home after logout, and Start Over brings back the public home', async () => {
    const { page } = env;
    await signIn(page, member);
    await logOut(page);

    await visible(pageHeading(page, 'Welcome back'));
    await visible(page.getByRole('heading', { level: 2, name: 'My Journey', exact: true }));
    await visible(page.getByRole('heading', { name: 'Assess', exact: true }));
    await visible(page.getByRole('heading', { name: 'Discover', exact: true }));
    await visible(page.getByRole('main').getByRole('button', { name: 'Login', exact: true }));
    await visible(page.getByRole('main').getByRole('button', { name: 'Create Account', exact: true }));
    // It stays after a reload: the flag lives in localStorage.
    await page.reload();
    await visible(pageHeading(page, 'Welcome back'));

    await page.getByRole('button', { name: 'Start Over' }).click();
    await visible(pageHeading(page, 'Welcome to SAM'));
    expect((await storedSession(page)).hasAccount).toBeNull();
    await visible(page.getByRole('heading', { level: 2, name: 'My Journey', exact: true }));
    expect(await page.getByRole('button', { name: 'Start Over' }).count()).toBe(0);
  });

  it('stays signed in when the start-up check gets no answer, and signs out when the server refuses it', async () => {
    const { page } = env;
    const account = member;
    await signIn(page, account);
    await visible(pageHeading(page, `Welcome, ${account.name}`));
    const token = (await storedSession(page)).authToken;

    // Offline at start-up (or the check cut off by a navigation): nothing about the session is known.
    await page.route('**/api/whoami', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await visible(pageHeading(page, `Welcome, ${account.name}`));
    expect((await storedSession(page)).authToken).toBe(token);
    await page.unroute('**/api/whoami');

    // The server refuses the token: the session ends.
    await page.route('**/api/whoami', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Not authenticated"}' }),
    );
    await page.reload();
    await visible(pageHeading(page, 'Welcome back'));
    expect((await storedSession(page)).authToken).toBeNull();
    await page.unroute('**/api/whoami');
  });

  it('remembers the e-mail when asked, and signing in again restores the data key', async () => {
    const { page } = env;
    const account = member;
    await signIn(page, account);
    await logOut(page);

    // Remember me ticked.
    const first = await openSignIn(page);
    expect(await first.getByLabel('Email').inputValue()).toBe('');
    expect(await first.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(false);
    await submitSignIn(page, account, { remember: true });
    await visible(pageHeading(page, `Welcome, ${account.name}`));
    await expectKeyKeptForAccount(page);
    expect((await storedSession(page)).rememberedEmail).toBe(account.email);

    await logOut(page);
    expect(await storedKeyIds(page)).toEqual([]);
    expect((await storedSession(page)).rememberedEmail).toBe(account.email);

    // Opening Sign In again: e-mail filled in, box ticked; only the password is needed.
    const second = await openSignIn(page);
    expect(await second.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await second.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    await expectAccessible(page, 'Sign In with a remembered e-mail');
    await second.getByLabel('Password', { exact: true }).fill(account.password);
    await second.getByRole('button', { name: 'Sign In', exact: true }).click();
    await hidden(second, 20_000);
    await visible(pageHeading(page, `Welcome, ${account.name}`));
    // The existing key record was unwrapped: no new recovery code, and the key is back in IndexedDB.
    await expectKeyKeptForAccount(page);
    expect(await dialog(page, 'Save your recovery code').count()).toBe(0);

    // Create Account does not take the remembered e-mail.
    await logOut(page);
    await page.getByRole('main').getByRole('button', { name: 'Create Account', exact: true }).click();
    const signup = await visible(dialog(page, 'Create Account'));
    expect(await signup.getByLabel('Email').inputValue()).toBe('');
  });

  it('never sends the typed password: the server gets a derived value and the KDF parameters', async () => {
    const { page, traffic } = env;
    const account = newAccount('privacy');
    await signUp(page, env.mail, account);
    await logOut(page);
    await signIn(page, account);

    const needles = [
      account.password,
      encodeURIComponent(account.password),
      JSON.stringify(account.password),
    ];
    for (const entry of traffic) {
      for (const needle of needles) expect(entry.includes(needle), entry.split('\n')[0]).toBe(false);
    }

    const bodyOf = (path: string) => {
      const entry = traffic.find((t) => t.startsWith(`POST ${env.server.baseUrl}${path}\n`));
      expect(entry, `a request to ${path}`).toBeDefined();
      return JSON.parse(entry?.split('\n').slice(2).join('\n') ?? '{}');
    };
    const signup = bodyOf('/api/auth/signup');
    expect(signup).toMatchObject({ email: account.email, name: account.name });
    expect(typeof signup.password).toBe('string');
    expect(signup.password).not.toBe(account.password);
    expect(signup.password).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(signup.kdf).toEqual({ salt: expect.any(String), iterations: 600000 });
    expect(signup.kdf.salt.length).toBeGreaterThanOrEqual(16);

    const login = bodyOf('/api/auth/login');
    expect(login.email).toBe(account.email);
    expect(login.password).not.toBe(account.password);
    // The same password and salt give the same auth value at sign-up and sign-in.
    expect(login.password).toBe(signup.password);
  });

  it('resets a forgotten password, and the recovery code brings back the same data key', async () => {
    const { page } = env;
    const account = newAccount('reset');
    const recoveryCode = await signUp(page, env.mail, account);
    const secret = JSON.stringify({ step: 4, note: 'Written before the reset — ünïcode too.' });
    const sealed = await withStoredKey(page, 'seal', secret);
    expect(await withStoredKey(page, 'open', sealed)).toBe(secret);
    await logOut(page);

    // Sign In -> Forgot password? -> Reset Password mode -> code mailed.
    const signInDialog = await openSignIn(page);
    await signInDialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = await visible(dialog(page, 'Reset Password'));
    expect(await forgot.getByLabel('Password', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the Reset Password mode');
    await forgot.getByLabel('Email').fill(account.email);
    const before = env.mail.received.length;
    await forgot.getByRole('button', { name: 'Send reset code' }).click();
    const reset = await visible(dialog(page, 'Reset Your Password'));
    expect(await reset.getByLabel('Email').inputValue()).toBe(account.email);
    const resetCode = await env.mail.codeFor(account.email, before);
    expect(env.mail.received.at(-1)?.subject).toBe(`Your SAM password reset code: ${resetCode}`);

    // Validation first.
    const newPassword = `${account.password} renewed`;
    await reset.getByLabel('Reset code').fill(resetCode);
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}!`);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await visible(reset.getByText('Passwords do not match'));
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await reset.getByLabel('Confirm new password', { exact: true }).fill('short');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await visible(reset.getByText('Password must be at least 8 characters long'));
    expect(await reset.getByText('Passwords do not match').count()).toBe(0);
    await expectAccessible(page, 'Reset Your Password with a field error');

    // The real reset; the modal closes after 2 s and Sign In opens with the e-mail.
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await visible(reset.getByText('Your password has been reset.', { exact: false }), 20_000);
    await hidden(reset, 10_000);
    const again = await visible(dialog(page, 'Sign In'));
    expect(await again.getByLabel('Email').inputValue()).toBe(account.email);

    // The old password no longer works.
    await again.getByLabel('Password', { exact: true }).fill(account.password);
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(
      again.getByRole('alert').filter({ hasText: 'The e-mail and password do not match.' }),
      20_000,
    );

    // The new one does, and the data key has to be recovered.
    await again.getByLabel('Password', { exact: true }).fill(newPassword);
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await hidden(again, 20_000);
    const recover = await visible(dialog(page, 'Recover Your Data'), 20_000);
    expect(await storedKeyIds(page)).toEqual([]);
    const codeField = recover.getByLabel('Recovery code');
    const unlock = recover.getByRole('button', { name: 'Unlock with recovery code' });

    await codeField.fill('not a code');
    await unlock.click();
    await visible(
      recover
        .getByRole('alert')
        .filter({ hasText: 'That recovery code is not valid. Check it and try again.' }),
    );
    // Well formed, but not this account's code.
    await codeField.fill('AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AA');
    await unlock.click();
    await visible(
      recover
        .getByRole('alert')
        .filter({ hasText: 'That recovery code does not unlock your saved data. Check it and try again.' }),
    );
    await expectAccessible(page, 'Recover Your Data with an error');

    // The saved code, typed in lower case with its dashes, as a person might.
    const typed = (recoveryCode.match(/.{1,4}/g) ?? []).join('-').toLowerCase();
    await codeField.fill(typed);
    await unlock.click();
    await hidden(recover, 20_000);
    const newRecoveryCode = await keepRecoveryCode(page);
    expect(newRecoveryCode).not.toBe(recoveryCode);
    await visible(pageHeading(page, `Welcome, ${account.name}`));
    await expectKeyKeptForAccount(page);

    // The key now in IndexedDB is the same data key: it opens what was sealed before the reset.
    expect(await withStoredKey(page, 'open', sealed)).toBe(secret);
  });

  it('after "Not now" in Recover Your Data, a step says what opens the earlier writing, and opens it', async () => {
    const { page } = env;
    const account = newAccount('not-now', 'Sol');
    const recoveryCode = await signUp(page, env.mail, account);
    await logOut(page);
    const newPassword = `${account.password} anew`;
    await resetPasswordByEmail(page, env.mail, account.email, newPassword);
    const recover = await signInAfterReset(page, newPassword);
    await recover.getByRole('button', { name: 'Not now' }).click();
    await hidden(recover);
    await visible(pageHeading(page, `Welcome, ${account.name}`));

    // To a step by a link inside the app (what was put off lives in this page, not across a reload).
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, stepUrl(1));
    await visible(pageHeading(page, 'Step One'));
    const locked = await visible(page.getByRole('region', { name: 'Your writing is still locked' }));
    await visible(locked.getByText('your new password cannot open what you wrote before', { exact: false }));
    await visible(
      locked.getByText('The recovery code you saved when you set up SAM can, and so can your old password.', {
        exact: false,
      }),
    );
    expect(await locked.getByText('Enter your password', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'a step page whose recovery was put off');
    await shot(page, '2-recovery-put-off', { desktop: true });

    // Its button opens Recover Your Data again, without asking for the new password first.
    await locked.getByRole('button', { name: 'Unlock with recovery code or old password' }).click();
    const again = await visible(dialog(page, 'Recover Your Data'));
    expect(await dialog(page, 'Unlock your writing').count()).toBe(0);
    await again.getByLabel('Recovery code').fill(recoveryCode);
    await again.getByRole('button', { name: 'Unlock with recovery code' }).click();
    await hidden(again, 20_000);
    await keepRecoveryCode(page);
    await expectKeyKeptForAccount(page);
    await visible(stepAction(page, 1));
    expect(await page.getByRole('region', { name: 'Your writing is still locked' }).count()).toBe(0);
  });

  it('shows the server message for a wrong confirmation code, and resends the code', async () => {
    const { page } = env;
    const account = newAccount('verify');
    const before = env.mail.received.length;
    await submitSignup(page, account);
    await codeFieldFocused(page);
    const code = await env.mail.codeFor(account.email, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    // A code that is not six digits: the browser's own rule, not the server's field-named message.
    await page.getByLabel('Verification code').fill('12345');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Enter 6-digit code' }));
    await page.getByLabel('Verification code').fill('');

    // Empty code: the browser's own rule.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Verification code and email are required' }));

    await enterConfirmationCode(page, wrong);
    await visible(
      page
        .getByRole('alert')
        .filter({ hasText: 'That code is not right. Check the latest e-mail or ask for a new code.' }),
    );
    expect(new URL(page.url()).pathname).toBe('/verify-email');
    expect((await storedSession(page)).authToken).toBeNull();
    await expectAccessible(page, '/verify-email with an error');

    const sent = env.mail.received.filter((m) => m.to === account.email).length;
    const beforeResend = env.mail.received.length;
    await page.getByRole('button', { name: 'Resend code' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Confirmation code resent successfully' }));
    const resent = await env.mail.codeFor(account.email, beforeResend);
    expect(env.mail.received.filter((m) => m.to === account.email)).toHaveLength(sent + 1);

    // The new code verifies the account.
    await enterConfirmationCode(page, resent);
    await keepRecoveryCode(page);
    await visible(pageHeading(page, `Welcome, ${account.name}`), 10_000);
  });

  it('a person who left before entering the code signs in, is kindly sent to the code, and finishes', async () => {
    const account = newAccount('left-early');
    await submitSignup(env.page, account);

    // They closed the tab; later, on a fresh page, they sign in. The server answers as for a wrong
    // password (so nobody learns who is a member), and the message says what to do if they just signed up.
    const page = await (await env.newContext()).newPage();
    await page.goto('/');
    await visible(pageHeading(page, 'Welcome to SAM'));
    const signInBox = await openSignIn(page);
    await signInBox.getByLabel('Email').fill(account.email);
    await signInBox.getByLabel('Password', { exact: true }).fill(account.password);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await signInBox.getByRole('button', { name: 'Sign In', exact: true }).click();
    const refused = await answered;
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('invalid_credentials');
    const kind = await visible(
      signInBox.getByRole('alert').filter({
        hasText:
          'The e-mail and password do not match. If you have just signed up, enter the 6-digit code we sent you first.',
      }),
      20_000,
    );
    await expectAccessible(page, 'Sign In refused, with the way to the sign-up code');
    await shot(page, '4-sign-in-before-the-code', { desktop: true });

    // The code screen, with the address filled in; a new code is one press away.
    await kind.getByRole('button', { name: 'Enter my sign-up code' }).click();
    await page.waitForURL((url) => url.pathname === '/verify-email', { timeout: 20_000 });
    await visible(pageHeading(page, 'Verify Your Email'));
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    const beforeResend = env.mail.received.length;
    await page.getByRole('button', { name: 'Resend code' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Confirmation code resent successfully' }));
    await enterConfirmationCode(page, await env.mail.codeFor(account.email, beforeResend));

    // This page never had the password: it asks once more to make the key, then the person is signed in.
    await visible(pageHeading(page, 'One more step'), 20_000);
    await expectAccessible(page, 'One more step after confirming from a later visit');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await keepRecoveryCode(page);
    await visible(pageHeading(page, `Welcome, ${account.name}`), 20_000);
    await expectKeyKeptForAccount(page);
  });

  it('says a code tried five times is used up, not wrong, and sends a new one from the message', async () => {
    const { page } = env;
    const account = newAccount('used-up');
    const before = env.mail.received.length;
    await submitSignup(page, account);
    const code = await env.mail.codeFor(account.email, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const confirmAnswered = () => page.waitForResponse((r) => r.url().endsWith('/api/auth/confirm'));
    for (let i = 0; i < 5; i++) {
      const answered = confirmAnswered();
      await enterConfirmationCode(page, wrong);
      expect((await answered).status()).toBe(400);
    }

    // The right code, sixth: the message says why it is refused and offers a new code beside it.
    await enterConfirmationCode(page, code);
    const usedUp = await visible(
      page.getByRole('alert').filter({
        hasText:
          'This code was tried too many times, so it no longer works. Please send yourself a new code.',
      }),
    );
    expect(await page.getByText('That code is not right', { exact: false }).count()).toBe(0);
    await expectAccessible(page, '/verify-email with a used-up code');
    await shot(page, '3-code-used-up', { desktop: true });

    const beforeNew = env.mail.received.length;
    await usedUp.getByRole('button', { name: 'Send a new code' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Confirmation code resent successfully' }));
    await enterConfirmationCode(page, await env.mail.codeFor(account.email, beforeNew));
    await keepRecoveryCode(page);
    await visible(pageHeading(page, `Welcome, ${account.name}`), 10_000);
  });
});
