/**
 * Profile and feedback in a real Chromium against the real server: the Profile dialog's three tabs from
 * the menu (details edited and kept over a reload, the dates preference, progress history after step
 * work), the /profile page, the feedback form and its stored row, a password change that keeps the
 * writing readable, writing bound to the e-mail moved to the account id at sign-in, an e-mail change by a code to the new address that keeps the session and the writing,
 * and deleting the account with the typed e-mail. axe runs on every tab and form.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  chooseMenuItem,
  dialog,
  eventually,
  hidden,
  logOut,
  newAccount,
  openSignIn,
  pageHeading,
  signIn,
  signUp,
  storedKeyIds,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import { changeDatabase, queryDatabase } from './support/serverDatabase.ts';
import { tick } from './support/stepPages.ts';

const env = e2eEnvironment();
const account = newAccount('profile', 'Grace');
const NEW_PASSWORD = `Bright meadow ${Date.now().toString(36)} at dawn`;
const ANSWER = `An answer kept safe ${Date.now().toString(36)}`;

const shot = screenshots('profile');
/** Rows of the test server's SQLite file. */
const query = <T>(sql: string, ...params: unknown[]) => queryDatabase<T>(env.server, sql, ...params);

async function openProfile(): Promise<Locator> {
  await chooseMenuItem(env.page, 'Profile');
  const profile = await visible(dialog(env.page, 'Profile'));
  await visible(profile.getByRole('button', { name: 'Edit Profile' }), 15_000);
  return profile;
}

async function closeDialog(box: Locator): Promise<void> {
  await box.getByRole('button', { name: 'Close', exact: true }).click();
  await hidden(box);
}

describe('profile and feedback', () => {
  it('opens the Profile dialog from the menu and keeps an edited display name over a reload', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    const profile = await openProfile();
    await visible(profile.getByRole('tab', { name: 'Profile', selected: true }));
    await visible(profile.getByText(account.email).first());
    await visible(profile.getByText('Member since'));
    await shot(env.page, 'profile-tab');
    await expectAccessible(page, 'profile tab');

    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    const form = await visible(profile.getByRole('form', { name: 'Edit profile' }));
    expect(await form.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await form.getByLabel('Phone').fill('call me maybe');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText('Phone may hold digits, spaces and + ( ) - . only'));
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel('Display name').fill('Grace H.');
    await form.getByLabel('Location').fill('Lisbon');
    await form.getByLabel('Bio').fill('One day at a time.');
    await visible(form.getByText(/^Encrypted on this device: only you can read/));
    await visible(form.getByText(/^SAM can read your display name/));
    await shot(env.page, 'profile-edit');
    await expectAccessible(page, 'profile edit form');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(profile.getByText('Your profile has been saved.'));
    account.name = 'Grace H.';
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Edit Profile');
    // Bio, location and phone went out encrypted: neither the request nor what the server keeps reads them.
    const sent = env.traffic.filter((line) => line.includes('/api/profile')).join('\n');
    expect(sent).toContain('Grace H.');
    for (const text of ['Lisbon', 'One day at a time.', '555 0100']) expect(sent).not.toContain(text);
    const stored = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      return (await fetch('/api/profile', { headers: { authorization: `Bearer ${token}` } })).text();
    });
    expect(stored).not.toContain('Lisbon');
    await visible(profile.getByText('Lisbon', { exact: true }));

    await page.reload();
    const again = await openProfile();
    await visible(again.getByText('Grace H.', { exact: true }));
    await visible(again.getByText('Lisbon', { exact: true }));
    await visible(again.getByText('One day at a time.', { exact: true }));
    // Cancel asks before it throws the change away, then leaves everything as it was.
    await again.getByRole('button', { name: 'Edit Profile' }).click();
    await again.getByLabel('Display name').fill('Somebody else');
    await again.getByRole('button', { name: 'Cancel' }).click();
    const discard = await visible(dialog(page, 'Discard your changes?'));
    await discard.getByRole('button', { name: 'Discard', exact: true }).click();
    await hidden(discard);
    await visible(again.getByText('Grace H.', { exact: true }));
    await closeDialog(again);
  });

  it('turns completion dates off and on, as the journey sees it', async () => {
    const { page } = env;
    const profile = await openProfile();
    const dates = profile.getByRole('checkbox', { name: 'Show completion dates and timelines' });
    expect(await dates.isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences/date-tracking'));
    await dates.click();
    expect((await saved).status()).toBe(200);
    await eventually(() => dates.isChecked()).toBe(false);
    const journey = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      const reply = await fetch('/api/progress/journey', { headers: { authorization: `Bearer ${token}` } });
      return (await reply.json()) as { opted_out: boolean };
    });
    expect(journey.opted_out).toBe(true);
    await page.reload();
    const again = await openProfile();
    const box = again.getByRole('checkbox', { name: 'Show completion dates and timelines' });
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await eventually(() => box.isChecked()).toBe(true);
    await closeDialog(again);
  });

  it('lists worked steps in Progress History, shows the Sponsorship tab, and the /profile page', async () => {
    const { page } = env;
    let profile = await openProfile();
    await profile.getByRole('tab', { name: 'Progress History' }).click();
    await visible(profile.getByText(/No step work yet/));
    await closeDialog(profile);

    await page.goto('/programs/saa/12-steps/step-1');
    await visible(pageHeading(page, 'Step One'));
    await tick(env.page, 1);
    await tick(env.page, 2);
    await page.goto('/programs/saa/12-steps/step-3');
    await visible(pageHeading(page, 'Step Three'));
    await page.getByLabel(/^2\. What fears come up/).fill(ANSWER);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('Answers saved'));

    profile = await openProfile();
    await profile.getByRole('tab', { name: 'Progress History' }).click();
    const history = await visible(profile.getByRole('tabpanel', { name: 'Progress History' }));
    const stepOne = await visible(history.getByRole('listitem').filter({ hasText: 'Step One' }));
    await visible(stepOne.getByText(/2 of \d+ actions completed · Last worked on \d{2}-[A-Z][a-z]{2}-\d{4}/));
    await visible(stepOne.getByText('In progress'));
    await shot(env.page, 'progress-history');
    await expectAccessible(page, 'progress history tab');
    await profile.getByRole('tab', { name: 'Sponsorship' }).click();
    await visible(profile.getByRole('tabpanel', { name: 'Sponsorship' }));
    await shot(env.page, 'sponsorship-tab');
    await expectAccessible(page, 'sponsorship tab');
    await closeDialog(profile);

    await page.goto('/profile');
    await visible(pageHeading(page, 'My Profile'));
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Profile',
      'Progress History',
      'Sponsorship',
    ]);
    await visible(page.getByRole('heading', { level: 2, name: 'Your details' }), 15_000);
    await visible(page.getByText('Grace H.', { exact: true }));
    await shot(env.page, 'profile-page');
    await expectAccessible(page, 'profile page');
    await tabs.getByRole('tab', { name: 'Progress History' }).click();
    await visible(page.getByRole('listitem').filter({ hasText: 'Step One' }));
  });

  it('sends feedback of each type part, says thank you and closes by itself', async () => {
    const { page } = env;
    await page.goto('/programs/saa/12-steps/step-1');
    await visible(pageHeading(page, 'Step One'));
    await chooseMenuItem(page, 'Feedback');
    const form = await visible(dialog(page, 'Feedback'));
    const submit = form.getByRole('button', { name: 'Submit' });
    expect(await form.getByRole('radio', { name: 'General' }).isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Your feedback').fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    expect(await form.getByLabel('User').inputValue()).toBe(account.email);
    expect(await form.getByLabel('Location').inputValue()).toBe('Step 1');
    expect(await form.getByLabel('Device').inputValue()).toMatch(/^(Mobile|Desktop) · Chrome \d+ · Linux$/);
    await form.getByRole('radio', { name: 'Error / Bug' }).check();
    await form.getByLabel('Your feedback').fill('  The second action took a moment to save.  ');
    await shot(env.page, 'feedback-form');
    await expectAccessible(page, 'feedback form');
    await submit.click();
    await visible(form.getByText('Thank you!'));
    const thanked = Date.now();
    await shot(env.page, 'feedback-thanks');
    await hidden(form, 10_000);
    expect(Date.now() - thanked).toBeGreaterThan(1_500);

    const rows = query<{
      feedback_type: string;
      feedback_text: string;
      location: string;
      device_info: string;
    }>(
      'SELECT f.feedback_type, f.feedback_text, f.location, f.device_info FROM feedback f WHERE f.user_email = ?',
      account.email,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      feedback_type: 'Error / Bug',
      feedback_text: 'The second action took a moment to save.',
      location: 'Step 1',
    });
    expect(JSON.parse(rows[0]?.device_info ?? '{}')).toMatchObject({
      browser: 'Chrome',
      operatingSystem: 'Linux',
      screenResolution: '360x740',
    });

    // A failed submission says so and keeps the text.
    await page.route('**/api/feedback', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom","code":"x"}' }),
    );
    await chooseMenuItem(page, 'Feedback');
    const again = await visible(dialog(page, 'Feedback'));
    await again.getByRole('radio', { name: 'Idea' }).check();
    await again.getByLabel('Your feedback').fill('A dark theme for night reading.');
    await again.getByRole('button', { name: 'Submit' }).click();
    await visible(again.getByRole('alert').filter({ hasText: 'Failed to submit feedback' }));
    expect(await again.getByLabel('Your feedback').inputValue()).toBe('A dark theme for night reading.');
    await page.unroute('**/api/feedback');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await hidden(again);
  });

  it('changes the password and keeps every earlier answer readable', async () => {
    const { page } = env;
    const profile = await openProfile();
    const form = profile.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('not my password at all');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await visible(form.getByText(/^Password strength: /));
    await form.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}!`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByRole('alert').filter({ hasText: 'Passwords do not match' }));
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByRole('alert').filter({ hasText: 'Your current password is not right.' }), 30_000);

    await form.getByLabel('Current password', { exact: true }).fill(account.password);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/change-password'));
    await form.getByRole('button', { name: 'Change password' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    expect(Object.keys(body).sort()).toEqual(['encryptedKey', 'kdf', 'new_password', 'password']);
    expect(JSON.stringify(body)).not.toContain(NEW_PASSWORD);
    await visible(form.getByText(/Your password has been changed/), 30_000);
    await shot(env.page, 'password-changed');
    await closeDialog(profile);

    // The feedback that could not be sent above is still a draft on this device: Logout asks first.
    await logOut(page, { unsavedWriting: true });
    const signInBox = await openSignIn(page);
    await signInBox.getByLabel('Email').fill(account.email);
    await signInBox.getByLabel('Password', { exact: true }).fill(account.password);
    await signInBox.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(
      signInBox.getByRole('alert').filter({ hasText: 'The e-mail and password do not match.' }),
      20_000,
    );
    await signInBox.getByRole('button', { name: 'Close' }).click();
    await hidden(signInBox);

    account.password = NEW_PASSWORD;
    await signIn(page, account);
    await page.goto('/programs/saa/12-steps/step-3');
    await visible(pageHeading(page, 'Step Three'));
    await eventually(() => page.getByLabel(/^2\. What fears come up/).inputValue()).toBe(ANSWER);
  });

  it('moves writing bound to the e-mail (an account from before) to the account id at the next sign-in', async () => {
    const { page } = env;
    const place = 'progress:SAA:12-steps:step-3';
    const [user] = query<{ id: string; email: string }>(
      'select id, email from users where email = ?',
      account.email,
    );
    const stored = () =>
      query<{ encrypted_data: string }>(
        'select encrypted_data from step_progress where user_id = ? and step_number = 3',
        user?.id,
      )[0]?.encrypted_data ?? '';
    // What SAM wrote before the account-id binding: the same answer, bound to the e-mail (binding 1).
    const earlier = await page.evaluate(
      async ({ text, id, email, place }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('sam-keys');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const key = await new Promise<CryptoKey>((resolve, reject) => {
          const request = db.transaction('keys', 'readonly').objectStore('keys').get(id);
          request.onsuccess = () => resolve(request.result as CryptoKey);
          request.onerror = () => reject(request.error);
        });
        db.close();
        const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
        const aad = (owner: string, v: string) => new TextEncoder().encode(`${owner}|${place}|${v}`);
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: aad(id, 'v2') },
          key,
          bytes.subarray(12),
        );
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const sealed = new Uint8Array(
          await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(email, 'v1') }, key, plain),
        );
        const out = new Uint8Array(12 + sealed.length);
        out.set(iv);
        out.set(sealed, 12);
        return btoa(String.fromCharCode(...out));
      },
      { text: stored(), id: user?.id ?? '', email: account.email, place },
    );
    await logOut(page);
    changeDatabase(
      env.server,
      'update step_progress set encrypted_data = ? where user_id = ? and step_number = 3',
      earlier,
      user?.id,
    );
    changeDatabase(
      env.server,
      'update users set content_binding = 1, v1_binding = email where id = ?',
      user?.id,
    );

    await signIn(page, account);
    await eventually(
      () => query<{ b: number }>('select content_binding as b from users where id = ?', user?.id)[0]?.b,
      'the account reaches binding 2',
    ).toBe(2);
    expect(stored()).not.toBe(earlier);
    await page.goto('/programs/saa/12-steps/step-3');
    await visible(pageHeading(page, 'Step Three'));
    await eventually(() => page.getByLabel(/^2\. What fears come up/).inputValue()).toBe(ANSWER);
  });

  it('changes the e-mail with a code sent to the new address, keeping the session and every answer', async () => {
    const { page } = env;
    const newEmail = account.email.replace('@', '.moved@');
    const profile = await openProfile();
    const form = profile.getByRole('form', { name: 'Change e-mail' });
    await form.getByLabel('New e-mail address').fill(newEmail);
    await form.getByLabel('Current password', { exact: true }).fill(account.password);
    const before = env.mail.received.length;
    await form.getByRole('button', { name: 'Send code' }).click();
    const confirmForm = profile.getByRole('form', { name: 'Confirm new e-mail' });
    await visible(confirmForm.getByText(`We sent a 6-digit code to ${newEmail}.`, { exact: false }), 30_000);
    await confirmForm.getByLabel('6-digit code').fill(await env.mail.codeFor(newEmail, before));
    await expectAccessible(page, 'Profile: confirm new e-mail');
    await shot(env.page, 'email-code');
    await confirmForm.getByRole('button', { name: 'Change e-mail' }).click();
    await visible(profile.getByText(`Your e-mail address is now ${newEmail}.`), 20_000);
    await visible(profile.getByText(`You sign in with ${newEmail}.`));
    await closeDialog(profile);

    // Still signed in, and the key still opens the writing: nothing was bound to the old address.
    await page.goto('/programs/saa/12-steps/step-3');
    await visible(pageHeading(page, 'Step Three'));
    await eventually(() => page.getByLabel(/^2\. What fears come up/).inputValue()).toBe(ANSWER);

    await logOut(page);
    account.email = newEmail;
    await signIn(page, account);
    await page.goto('/programs/saa/12-steps/step-3');
    await eventually(() => page.getByLabel(/^2\. What fears come up/).inputValue()).toBe(ANSWER);
  });

  it('deletes the account only with the typed e-mail and the password, then signs out and leaves no row behind', async () => {
    const { page } = env;
    const profile = await openProfile();
    await profile.getByRole('button', { name: 'Delete account…' }).click();
    const form = await visible(profile.getByRole('form', { name: 'Delete account' }));
    const remove = form.getByRole('button', { name: 'Delete my account' });
    const typed = form.getByLabel('Type your e-mail to confirm');
    await typed.fill('someone@example.com');
    await visible(form.getByText(`Email does not match. Please enter: ${account.email}`));
    expect(await remove.isDisabled()).toBe(true);
    await shot(env.page, 'delete-account');
    await expectAccessible(page, 'delete account form');
    await typed.fill(`  ${account.email.toUpperCase()} `);
    expect(await remove.isDisabled()).toBe(true);
    const password = form.getByLabel('Your password', { exact: true });
    await password.fill('not my password at all');
    await remove.click();
    await visible(form.getByRole('alert').filter({ hasText: 'Your current password is not right.' }), 20_000);
    await password.fill(account.password);
    expect(await remove.isEnabled()).toBe(true);
    const id = query<{ id: string }>('SELECT id FROM users WHERE email = ?', account.email)[0]?.id ?? '';
    expect(id).not.toBe('');
    await remove.click();

    const done = await visible(dialog(page, 'Your account has been deleted'), 20_000);
    await shot(env.page, 'account-deleted');
    await expectAccessible(page, 'the account-deleted message');
    await done.getByRole('button', { name: 'OK' }).click();
    await hidden(done);
    await visible(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/');
    await eventually(() => storedKeyIds(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    const signInBox = await openSignIn(page);
    await signInBox.getByLabel('Email').fill(account.email);
    await signInBox.getByLabel('Password', { exact: true }).fill(account.password);
    await signInBox.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(
      signInBox.getByRole('alert').filter({ hasText: 'The e-mail and password do not match.' }),
      20_000,
    );

    const tables = query<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    ).map((t) => t.name);
    const naming = (table: string) =>
      query<Record<string, unknown>>(`SELECT * FROM "${table}"`).filter((row) => {
        const text = JSON.stringify(row);
        return text.includes(id) || text.toLowerCase().includes(account.email.toLowerCase());
      });
    // Nothing names the account any more (throttle windows hold keyed hashes, never the address).
    expect(tables.filter((table) => naming(table).length > 0)).toEqual([]);
    // The feedback sent earlier went with the account (it was the only feedback of this run).
    expect(query('SELECT * FROM feedback')).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });
});
