/**
 * The recovery code after sign-up, in a real Chromium against the real server (decision 48): a person who
 * leaves before ticking "I have saved it" is asked again on the dashboard, makes a new code there with the
 * password, and is asked no more on any device; after a password reset the old code opens nothing and the
 * new one brings the writing back. Also: the code they kept can be checked instead, and Profile offers
 * "Make a new recovery code". axe on the card and each dialog, at 360 px.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  type Account,
  dialog,
  enterConfirmationCode,
  hidden,
  keepRecoveryCode,
  logOut,
  newAccount,
  pageHeading,
  readRecoveryCode,
  resetPasswordByEmail,
  settle,
  signIn,
  signInAfterReset,
  submitSignup,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment({ pagePerTest: true });
const shot = screenshots('recoveryCode');

const CARD = 'Keep a way back to your writing';
const MAKE = 'Make a new recovery code';

afterEach(() => {
  expect(env.pageErrors, 'CSP violations or page errors').toEqual([]);
});

/** The dashboard card that asks (found by its heading). */
const card = (page: Page) => page.getByRole('heading', { level: 2, name: CARD, exact: true });

/** Signs up and is shown the recovery code, then leaves without ticking "I have saved it" and comes back. */
async function signUpAndLeaveTheCode(page: Page, account: Account): Promise<string> {
  const before = env.mail.received.length;
  await submitSignup(page, account);
  await enterConfirmationCode(page, await env.mail.codeFor(account.email, before));
  const code = await readRecoveryCode(page);
  // The tab closed before the tick; SAM opened again later.
  await page.goto('/');
  await visible(pageHeading(page, `Welcome, ${account.name}`), 20_000);
  expect(await dialog(page, 'Save your recovery code').count()).toBe(0);
  return code;
}

/** Reloads the page and waits until the dashboard has read the key record and drawn what it says. */
async function reloadReadingTheKeyRecord(page: Page): Promise<void> {
  const read = page.waitForResponse(
    (reply) =>
      reply.request().method() === 'GET' && /^\/api\/user\/keys\/[^/]+$/.test(new URL(reply.url()).pathname),
    { timeout: 20_000 },
  );
  await page.reload();
  await read;
  await visible(page.getByRole('heading', { level: 1, name: /^Welcome, / }), 20_000);
  await settle(page);
}

/** Typed as a person might: lower case, with dashes. */
const typed = (code: string) => (code.match(/.{1,4}/g) ?? []).join('-').toLowerCase();

describe('a recovery code not confirmed saved', () => {
  it('is asked for again until a new code is saved; then the old code opens nothing and the new one does', async () => {
    const { page } = env;
    expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
    const account = newAccount('unsaved-code', 'Robin');
    const oldCode = await signUpAndLeaveTheCode(page, account);

    // The dashboard asks, kindly, and again after another reload.
    await visible(card(page), 20_000);
    await page.reload();
    await visible(card(page), 20_000);
    await visible(page.getByText('SAM has not heard yet that you saved yours.', { exact: false }));
    await expectAccessible(page, 'the dashboard asking for a recovery code');
    await shot(page, '1-dashboard-asks');

    // A new code, from the card: a wrong password sends nothing and says so.
    await page.getByRole('button', { name: MAKE }).first().click();
    const make = await visible(dialog(page, MAKE));
    await expectAccessible(page, 'the Make a new recovery code dialog');
    await make.getByLabel('Your password', { exact: true }).fill(`${account.password} wrong`);
    await make.getByRole('button', { name: 'Make a new code' }).click();
    await visible(make.getByText('That password does not unlock your saved data.', { exact: false }));
    await expectAccessible(page, 'the Make a new recovery code dialog with an error');
    await make.getByLabel('Your password', { exact: true }).fill(account.password);
    await make.getByRole('button', { name: 'Make a new code' }).click();
    const newCode = await keepRecoveryCode(page);
    expect(newCode).not.toBe(oldCode);

    // Confirmed on the server: gone after a reload, and on another device.
    await hidden(card(page));
    await reloadReadingTheKeyRecord(page);
    expect(await card(page).count()).toBe(0);
    const other = await env.newPage();
    await signIn(other.page, account);
    expect(await dialog(other.page, 'Save your recovery code').count()).toBe(0);
    await other.page.goto('/profile');
    await visible(other.page.getByText('You told SAM that you saved your recovery code.'), 20_000);
    await other.context.close();

    // A forgotten password: the old code opens nothing, the new one brings the writing back.
    await logOut(page);
    const newPassword = `${account.password} after the reset`;
    await resetPasswordByEmail(page, env.mail, account.email, newPassword);
    const recover = await signInAfterReset(page, newPassword);
    await recover.getByLabel('Recovery code').fill(typed(oldCode));
    await recover.getByRole('button', { name: 'Unlock with recovery code' }).click();
    await visible(
      recover
        .getByRole('alert')
        .filter({ hasText: 'That recovery code does not unlock your saved data. Check it and try again.' }),
    );
    await recover.getByLabel('Recovery code').fill(typed(newCode));
    await recover.getByRole('button', { name: 'Unlock with recovery code' }).click();
    await hidden(recover, 20_000);
    // Recovery issues a code of its own, saved with the same confirmation: nothing is asked afterwards.
    expect(await keepRecoveryCode(page)).not.toBe(newCode);
    await visible(pageHeading(page, `Welcome, ${account.name}`));
    await reloadReadingTheKeyRecord(page);
    expect(await card(page).count()).toBe(0);
  });

  it('the code that was kept can be checked instead, and Profile makes a new one', async () => {
    const { page } = env;
    const account = newAccount('kept-code', 'Sky');
    const code = await signUpAndLeaveTheCode(page, account);
    await visible(card(page), 20_000);

    await page.getByRole('button', { name: 'I still have my code' }).click();
    const check = await visible(dialog(page, 'Check your recovery code'));
    await expectAccessible(page, 'the Check your recovery code dialog');
    await check.getByLabel('Your recovery code').fill('AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AA');
    await check.getByRole('button', { name: 'Check my code' }).click();
    await visible(check.getByText('That code does not open your writing.', { exact: false }));
    await expectAccessible(page, 'the Check your recovery code dialog with an error');
    await check.getByLabel('Your recovery code').fill(typed(code));
    await check.getByRole('button', { name: 'Check my code' }).click();
    await visible(check.getByText('Your recovery code works.', { exact: false }));
    await shot(page, '2-code-checked');
    await check.getByRole('button', { name: 'Done' }).click();
    await hidden(check);
    expect(await card(page).count()).toBe(0);

    // Profile: said to be saved, and a new one on request, which asks again until it is saved.
    await page.goto('/profile');
    await visible(pageHeading(page, 'My Profile'));
    const section = page.getByRole('heading', { name: 'Recovery code', exact: true });
    await visible(section);
    await visible(page.getByText('You told SAM that you saved your recovery code.'));
    await expectAccessible(page, 'Profile with the recovery code section');
    await page.getByRole('button', { name: MAKE }).click();
    const make = await visible(dialog(page, MAKE));
    await make.getByLabel('Your password', { exact: true }).fill(account.password);
    await make.getByRole('button', { name: 'Make a new code' }).click();
    const newCode = await readRecoveryCode(page);
    expect(newCode).not.toBe(code);
    await expectAccessible(page, 'the new recovery code from Profile');
    // Closed before "I have saved it": Profile and the dashboard say so.
    await page.reload();
    await visible(pageHeading(page, 'My Profile'), 20_000);
    await visible(page.getByText('SAM has not heard yet that you saved your recovery code.'));
    await page.goto('/');
    await visible(card(page), 20_000);
    // The old code no longer counts as kept.
    await page.getByRole('button', { name: 'I still have my code' }).click();
    const again = await visible(dialog(page, 'Check your recovery code'));
    await again.getByLabel('Your recovery code').fill(code);
    await again.getByRole('button', { name: 'Check my code' }).click();
    await visible(again.getByText('That code does not open your writing.', { exact: false }));
    await again.getByLabel('Your recovery code').fill(newCode);
    await again.getByRole('button', { name: 'Check my code' }).click();
    await visible(again.getByText('Your recovery code works.', { exact: false }));
  });
});
