/**
 * Sponsorship in a real Chromium against the real server and SMTP receiver: A invites B by e-mail from
 * Profile → Sponsorship; B, without an account, opens the mailed link, accepts, creates the account at
 * /signup?email=… and confirms it, and the relationship appears for both; B ends it. Also the decline path,
 * the invite page's messages for a missing, unknown, answered, canceled or expired link and for a server
 * that fails or cannot be reached, Resend waiting out its 24 hours, and axe on both screens.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  type Account,
  chooseMenuItem,
  dialog,
  enterConfirmationCode,
  eventually,
  hidden,
  inviteLinkFor,
  keepRecoveryCode,
  logOut,
  newAccount,
  pageHeading,
  signUp,
  submitSignIn,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import { changeDatabase } from './support/serverDatabase.ts';

const env = e2eEnvironment();
const shot = screenshots('sponsorship', { fullPage: true });

/** Menu → Profile → the Sponsorship tab; returns the Profile dialog. */
async function openSponsorshipTab(page: Page) {
  await chooseMenuItem(page, 'Profile');
  const profile = await visible(dialog(page, 'Profile'));
  await profile.getByRole('tab', { name: 'Sponsorship' }).click();
  await visible(profile.getByRole('heading', { name: 'Invite someone' }), 15_000);
  return profile;
}

async function closeDialog(page: Page, name: string) {
  await page.keyboard.press('Escape');
  await hidden(dialog(page, name));
}

/** Fills and sends the invite form of the open tab; waits for its confirmation. */
async function invite(
  page: Page,
  email: string,
  role: 'My sponsor' | 'My sponsee',
  name: string,
  program = 'SAA',
) {
  const profile = dialog(page, 'Profile');
  await profile.getByLabel('Their email').fill(email);
  await profile.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  await profile.getByLabel('Program').selectOption(program);
  await profile.getByLabel('Their name (optional)').fill(name);
  await profile.getByRole('button', { name: 'Send invitation' }).click();
  await visible(profile.getByText(`Invitation sent to ${email}.`), 15_000);
}

/** Changes a time of an invitation in the server's database (the only way to reach a day or weeks ahead). */
function setInvitationTime(column: 'token_expires_at' | 'last_sent_at', inviteeEmail: string, value: number) {
  changeDatabase(
    env.server,
    `update sponsorship_invitations set ${column} = ? where invitee_email = ?`,
    value,
    inviteeEmail,
  );
}

const setExpiry = (inviteeEmail: string, expiresAt: number) =>
  setInvitationTime('token_expires_at', inviteeEmail, expiresAt);

/** A server that fails (5xx) or cannot be reached, for one API path of a page, until the returned undo. */
async function failRequests(page: Page, path: string, how: 'server-error' | 'network') {
  const url = `**${path}`;
  await page.route(url, (route) =>
    how === 'network'
      ? route.abort('connectionrefused')
      : route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'The server is restarting.', code: 'server_error' }),
        }),
  );
  return () => page.unroute(url);
}

describe('sponsorship', () => {
  const ada: Account = newAccount('ada', 'Ada');
  const bo: Account = newAccount('bo', 'Bo');
  const cy: Account = newAccount('cy', 'Cy');
  let boLink = '';
  let boPage: Page;

  afterAll(() => {
    expect(env.pageErrors, 'CSP violations or page errors').toEqual([]);
  });

  it('A invites B from Profile → Sponsorship, with the form checked first', async () => {
    const { page, mail } = env;
    await signUp(page, mail, ada);
    const profile = await openSponsorshipTab(page);
    await visible(profile.getByText('You have no active sponsor or sponsee yet.'));
    await expectAccessible(page, 'the Sponsorship tab');

    await profile.getByRole('button', { name: 'Send invitation' }).click();
    await visible(profile.getByText('Email is required'));
    await eventually(() =>
      profile.getByLabel('Their email').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await profile.getByLabel('Their email').fill('not-an-address');
    await profile.getByLabel('Their name (optional)').fill('Bo <3');
    await profile.getByRole('button', { name: 'Send invitation' }).click();
    await visible(profile.getByText('Please enter a valid email address'));
    await visible(profile.getByText(/Display name may hold letters/));
    await profile.getByLabel('Their email').fill(ada.email);
    await profile.getByLabel('Their name (optional)').fill('Bo');
    await profile.getByRole('button', { name: 'Send invitation' }).click();
    await visible(profile.getByText('You cannot invite yourself'), 15_000);

    const before = mail.received.length;
    await invite(page, bo.email, 'My sponsor', 'Bo');
    const sent = profile.getByRole('listitem').filter({ hasText: 'You asked Bo to be your sponsor' });
    await visible(sent);
    await visible(sent.getByText(/^Expires on \d\d-[A-Z][a-z]{2}-\d{4}$/));
    boLink = await inviteLinkFor(env.mail, bo.email, before);

    // Sent seconds ago: Resend waits for the 24-hour cooldown, and says kindly when it can be used.
    await visible(sent.getByText('Sent recently. You can send it again in about 24 hours.'));
    expect(
      await sent.getByRole('button', { name: `Resend the invitation to ${bo.email}` }).isDisabled(),
    ).toBe(true);

    // The same invitation twice is refused.
    await profile.getByLabel('Their email').fill(bo.email);
    await profile.getByRole('button', { name: 'Send invitation' }).click();
    await visible(profile.getByText('An invitation already exists for this email and program'), 15_000);
    await sent.scrollIntoViewIfNeeded();
    await shot(page, 'tab-sent', { fullPage: false });
    await closeDialog(page, 'Profile');
  });

  it('B opens the mailed link without an account, accepts, signs up prefilled and is connected', async () => {
    const { mail } = env;
    const page = await (await env.newContext()).newPage();
    boPage = page;
    await page.goto(boLink);
    await visible(pageHeading(page, 'Sponsorship Invitation'));
    await visible(page.getByText('Ada asks you to be their sponsor.'), 15_000);
    await visible(page.getByText(bo.email, { exact: true }));
    for (const name of ['Accept', 'Decline', 'Continue as Guest', 'Go to Sign In']) {
      await visible(page.getByRole('button', { name, exact: true }));
    }
    await expectAccessible(page, 'the invite page');
    await shot(page, 'invite-page');

    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signup', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('email')).toBe(bo.email);
    const signup = await visible(dialog(page, 'Create Account'));
    expect(await signup.getByLabel('Email').inputValue()).toBe(bo.email);
    expect(await page.evaluate(() => sessionStorage.getItem('sam_pending_invitation'))).toContain(bo.email);
    await signup.getByLabel('First name').fill(bo.name);
    await signup.getByLabel('Password', { exact: true }).fill(bo.password);
    const before = mail.received.length;
    await signup.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/verify-email', { timeout: 20_000 });
    await enterConfirmationCode(page, await mail.codeFor(bo.email, before));
    await keepRecoveryCode(page);

    // Confirmed and signed in: back on the invite page, which accepts what was accepted before.
    await visible(
      page.getByText(/Invitation accepted\. You and Ada are now connected: Ada is your sponsee in SAA\./),
      30_000,
    );
    expect(new URL(page.url()).pathname).toBe('/invite');
    expect(await page.evaluate(() => sessionStorage.getItem('sam_pending_invitation'))).toBeNull();
    await shot(page, 'invite-accepted');

    const profile = await openSponsorshipTab(page);
    await visible(profile.getByText('Ada: your sponsee'));

    // A sees B as their sponsor, and the invitation is no longer open.
    const adaProfile = await openSponsorshipTab(env.page);
    await visible(adaProfile.getByText('Bo: your sponsor'));
    await hidden(adaProfile.getByText('You asked Bo to be your sponsor'));
    await shot(env.page, 'tab-relationship');

    // The used link now says so.
    const visitor = await (await env.newContext()).newPage();
    await visitor.goto(boLink);
    await visible(visitor.getByText('This invitation has already been responded to'), 15_000);

    // B ends it with a reason; it disappears for both.
    await profile.getByRole('button', { name: 'End the relationship with Ada (your sponsee)' }).click();
    const ending = await visible(dialog(page, 'End this relationship?'));
    await expectAccessible(page, 'the end-relationship dialog');
    await shot(page, 'end-dialog', { fullPage: false });
    await ending.getByLabel('Reason (optional)').fill('We agreed to part ways.');
    await ending.getByRole('button', { name: 'End relationship' }).click();
    await hidden(ending, 15_000);
    await visible(profile.getByText('You have no active sponsor or sponsee yet.'), 15_000);

    await closeDialog(env.page, 'Profile');
    const again = await openSponsorshipTab(env.page);
    await visible(again.getByText('You have no active sponsor or sponsee yet.'), 15_000);
    await closeDialog(env.page, 'Profile');

    // B, signed in, opens the used link again: it says so, and leads to B's own Sponsorship tab.
    await page.goto(boLink);
    await visible(page.getByText('This invitation has already been used.'), 15_000);
    expect(await page.getByRole('button', { name: 'Continue as Guest' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Go to Sign In' }).count()).toBe(0);
    await expectAccessible(page, 'the invite page of a used link, signed in');
    await shot(page, 'invite-used-signed-in', { desktop: true });
    await page.getByRole('link', { name: 'Go to my Sponsorship tab' }).click();
    await visible(pageHeading(page, 'My Profile'), 15_000);
    expect(await page.getByRole('tab', { name: 'Sponsorship' }).getAttribute('aria-selected')).toBe('true');
    await visible(page.getByRole('heading', { name: 'Invite someone' }), 15_000);
  });

  it('a signed-in invitee sees the invitation in the tab and accepts it directly', async () => {
    const { page, mail } = env;
    await openSponsorshipTab(page);
    const before = mail.received.length;
    await invite(page, bo.email, 'My sponsee', 'Bo');
    const link = await inviteLinkFor(env.mail, bo.email, before);
    await closeDialog(page, 'Profile');

    await closeDialog(boPage, 'Profile');
    const waiting = await openSponsorshipTab(boPage);
    await visible(waiting.getByText('Ada offers to be your sponsor'), 15_000);
    await closeDialog(boPage, 'Profile');

    await boPage.goto(link);
    await visible(boPage.getByText('Ada offers to be your sponsor.'), 15_000);
    await hidden(boPage.getByRole('button', { name: 'Go to Sign In' }));
    await boPage.getByRole('button', { name: 'Accept', exact: true }).click();
    await visible(boPage.getByText(/You and Ada are now connected: Ada is your sponsor in SAA\./), 15_000);

    const profile = await openSponsorshipTab(page);
    await visible(profile.getByText('Bo: your sponsee'), 15_000);
    await closeDialog(page, 'Profile');
  });

  it('an invitee with an account signed out goes to Sign In, and is brought back to the invitation', async () => {
    const { page, mail } = env;
    await openSponsorshipTab(page);
    const before = mail.received.length;
    await invite(page, bo.email, 'My sponsor', 'Bo', 'AL-ANON');
    const link = await inviteLinkFor(env.mail, bo.email, before);
    await closeDialog(page, 'Profile');

    await logOut(boPage);
    await boPage.goto(link);
    await visible(boPage.getByText('Ada asks you to be their sponsor.'), 15_000);
    await visible(boPage.getByText('Al-Anon', { exact: true }));
    await boPage.getByRole('button', { name: 'Go to Sign In' }).click();
    const signInDialog = await visible(dialog(boPage, 'Sign In'));
    expect(await signInDialog.getByLabel('Email').inputValue()).toBe(bo.email);
    await submitSignIn(boPage, bo);

    await boPage.waitForURL((url) => url.pathname === '/invite', { timeout: 20_000 });
    await boPage.getByRole('button', { name: 'Accept', exact: true }).click();
    await visible(boPage.getByText(/Ada is your sponsee in Al-Anon\./), 15_000);
  });

  it('C declines without an account; the link then says it was answered', async () => {
    const { page, mail } = env;
    await openSponsorshipTab(page);
    const before = mail.received.length;
    await invite(page, cy.email, 'My sponsee', 'Cy');
    await visible(dialog(page, 'Profile').getByText('You offered to sponsor Cy'));
    const link = await inviteLinkFor(env.mail, cy.email, before);

    const visitor = await (await env.newContext()).newPage();
    await visitor.goto(link);
    await visible(visitor.getByText('Ada offers to be your sponsor.'), 15_000);
    await visitor.getByRole('button', { name: 'Decline', exact: true }).click();
    const confirm = await visible(dialog(visitor, 'Decline this invitation?'));
    await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
    await visible(visitor.getByText(/^Invitation declined\. Ada will see that you said no\./), 15_000);

    await visitor.goto(link);
    await visible(visitor.getByText('This invitation has already been responded to'), 15_000);

    await closeDialog(page, 'Profile');
    const profile = await openSponsorshipTab(page);
    await visible(profile.getByText('No open invitations.'), 15_000);
    await closeDialog(page, 'Profile');
  });

  it('the invite page names a missing, unknown, canceled or expired link and a failing server; the tab warns before expiry and resends after 24 hours', async () => {
    const { page, mail } = env;
    const visitor = await (await env.newContext()).newPage();
    await visitor.goto('/invite');
    await visible(visitor.getByText('No invitation token provided'), 15_000);
    await visible(visitor.getByRole('button', { name: 'Continue as Guest' }));
    await expectAccessible(visitor, 'the invite page without a token');

    // A token of the right shape that the server never issued names no invitation.
    await visitor.goto('/invite?token=aaaa.bbbb.cccc');
    await visible(visitor.getByText('Invitation not found', { exact: true }), 15_000);

    const dee = newAccount('dee', 'Dee');
    await openSponsorshipTab(page);
    const before = mail.received.length;
    await invite(page, dee.email, 'My sponsor', 'Dee');
    const link = await inviteLinkFor(env.mail, dee.email, before);

    // The server failing or out of reach: the spec's words, not the server's.
    const loadFailed = 'Failed to load invitation. Please check the link and try again.';
    for (const how of ['server-error', 'network'] as const) {
      const undo = await failRequests(visitor, '/api/sponsorship/invitations/token/*', how);
      await visitor.goto(link);
      await visible(visitor.getByText(loadFailed, { exact: true }), 15_000);
      expect(await visitor.getByText('The server is restarting.').count()).toBe(0);
      await undo();
    }
    await expectAccessible(visitor, 'the invite page that could not load');
    for (const how of ['server-error', 'network'] as const) {
      const undo = await failRequests(visitor, '/api/sponsorship/invitations/respond', how);
      await visitor.goto(link);
      await visible(visitor.getByText('Ada asks you to be their sponsor.'), 15_000);
      await visitor.getByRole('button', { name: 'Decline', exact: true }).click();
      const confirm = await visible(dialog(visitor, 'Decline this invitation?'));
      await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
      await visible(
        visitor.getByText('Failed to process your response. Please try again.', { exact: true }),
        15_000,
      );
      expect(await visitor.getByText('The server is restarting.').count()).toBe(0);
      await undo();
    }
    // Nothing reached the server: the invitation is still open.
    await visitor.goto(link);
    await visible(visitor.getByText('Ada asks you to be their sponsor.'), 15_000);

    // A canceled invitation's link says, as the spec does, that it was already responded to.
    const eve = newAccount('eve', 'Eve');
    const eveMail = mail.received.length;
    await invite(page, eve.email, 'My sponsee', 'Eve');
    const eveLink = await inviteLinkFor(env.mail, eve.email, eveMail);
    const eveItem = dialog(page, 'Profile')
      .getByRole('listitem')
      .filter({ hasText: 'You offered to sponsor Eve' });
    await eveItem.getByRole('button', { name: `Cancel the invitation to ${eve.email}` }).click();
    const cancel = await visible(dialog(page, 'Cancel this invitation?'));
    await cancel.getByRole('button', { name: 'Cancel invitation' }).click();
    await hidden(eveItem, 15_000);
    await hidden(dialog(page, 'Profile').getByText(`Invitation sent to ${eve.email}.`));
    await visitor.goto(eveLink);
    await visible(visitor.getByText('This invitation has already been responded to'), 15_000);

    setExpiry(dee.email, Date.now() + 2 * 86_400_000 - 60_000);
    await closeDialog(page, 'Profile');
    const profile = await openSponsorshipTab(page);
    const item = profile.getByRole('listitem').filter({ hasText: 'You asked Dee to be your sponsor' });
    await visible(item.getByText(/^Expires soon: in 1 day/), 15_000);
    await item.scrollIntoViewIfNeeded();
    await shot(page, 'tab-expiring', { fullPage: false });
    await closeDialog(page, 'Profile');

    setExpiry(dee.email, Date.now() - 60_000);
    await visitor.goto(link);
    await visible(visitor.getByText('This invitation has expired'), 15_000);
    await expectAccessible(visitor, 'the invite page of an expired invitation');
    await shot(visitor, 'invite-expired');

    // A day after the last send, Resend is open again: the expired invitation goes out with a new link.
    setInvitationTime('last_sent_at', dee.email, Date.now() - 25 * 3_600_000);
    const again = await openSponsorshipTab(page);
    const expired = again.getByRole('listitem').filter({ hasText: 'You asked Dee to be your sponsor' });
    await visible(expired.getByText(/^Expired on /), 15_000);
    const resend = expired.getByRole('button', { name: `Resend the invitation to ${dee.email}` });
    await eventually(() => resend.isEnabled()).toBe(true);
    expect(await expired.getByText(/^Sent recently/).count()).toBe(0);
    await expectAccessible(page, 'the Sponsorship tab with an expired invitation');
    const resent = mail.received.length;
    await resend.click();
    await visible(expired.getByText(`Invitation sent again to ${dee.email}.`), 15_000);
    await visible(expired.getByText('Sent recently. You can send it again in about 24 hours.'), 15_000);
    expect(await resend.isDisabled()).toBe(true);
    await closeDialog(page, 'Profile');
    await visitor.goto(await inviteLinkFor(env.mail, dee.email, resent));
    await visible(visitor.getByText('Ada asks you to be their sponsor.'), 15_000);
  });
});
