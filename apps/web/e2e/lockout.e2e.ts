/**
 * Too many wrong passwords in a real Chromium: the person is told for how long sign-in is paused, and
 * "Forgot password?" is offered right beside that message.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/environment.ts';
import { dialog, logOut, newAccount, openSignIn, signUp, visible } from './support/journeys.ts';

const env = e2eEnvironment();

describe('a locked-out sign-in', () => {
  it('says how long to wait and offers a new password beside the message', async () => {
    const { page } = env;
    const account = newAccount('lockout');
    await signUp(page, env.mail, account);
    await logOut(page);

    await openSignIn(page);
    const modal = dialog(page, 'Sign In');
    const alert = modal.getByRole('alert');
    for (let attempt = 1; attempt <= 11; attempt++) {
      await modal.getByLabel('Email').fill(account.email);
      await modal.getByLabel('Password', { exact: true }).fill(`not-the-password-${attempt}`);
      await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(alert);
      if ((await alert.textContent())?.includes('Too many')) break;
      await modal.getByRole('button', { name: 'Sign In', exact: true }).waitFor({ state: 'visible' });
    }
    await expect
      .poll(() => alert.textContent())
      .toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?, or use "Forgot password\?"/);
    await alert.getByRole('button', { name: 'Forgot password?' }).click();
    await visible(dialog(page, 'Reset Password'));
    expect(env.pageErrors).toEqual([]);
  });
});
