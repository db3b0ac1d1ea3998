/**
 * Answering an invitation in the app and the notes it makes, in a real Chromium against the real server:
 * A invites B; B, signed in, accepts from Profile → Sponsorship under a name of their choosing; A's header
 * menu shows "Notes, 1 unread", the Notes page says "B accepted your invitation." and opening it clears the
 * count; B declines a second invitation in the app and A sees it "Declined on …"; B ends the relationship
 * and A sees when, by whom and why; turning the e-mail for notes off holds after a reload.
 */
import { formatDisplayDate } from '@sam/core';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  type Account,
  chooseMenuItem,
  dialog,
  eventually,
  hidden,
  newAccount,
  pageHeading,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment();
const shot = screenshots('notes');

/** Menu → Profile → the Sponsorship tab; returns the Profile dialog. */
async function openSponsorshipTab(page: Page) {
  await chooseMenuItem(page, 'Profile');
  const profile = await visible(dialog(page, 'Profile'));
  await profile.getByRole('tab', { name: 'Sponsorship' }).click();
  await visible(profile.getByRole('heading', { name: 'Invite someone' }), 15_000);
  return profile;
}

async function closeProfile(page: Page) {
  await page.keyboard.press('Escape');
  await hidden(dialog(page, 'Profile'));
}

/** Sends an invitation from the open Sponsorship tab. */
async function invite(page: Page, email: string, name: string, program: string) {
  const profile = dialog(page, 'Profile');
  await profile.getByLabel('Their email').fill(email);
  await profile.getByRole('radio', { name: /^My sponsee/ }).check();
  await profile.getByLabel('Program').selectOption(program);
  await profile.getByLabel('Their name (optional)').fill(name);
  await profile.getByRole('button', { name: 'Send invitation' }).click();
  await visible(profile.getByText(`Invitation sent to ${email}.`), 15_000);
}

/** The header's menu button, named with the unread notes (", 1 unread note") when there are some. */
const menuButtonNamed = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name, exact: true });

/** Opens the header menu and chooses its Notes entry, named with the unread count. */
async function openNotes(page: Page, menuName: string, itemName: string) {
  await (await visible(menuButtonNamed(page, menuName), 20_000)).click();
  await (
    await visible(page.getByRole('banner').getByRole('menuitem', { name: itemName, exact: true }))
  ).click();
  await visible(pageHeading(page, 'Notes'), 15_000);
}

describe('answering in the app, and notes', () => {
  const ada: Account = newAccount('ada', 'Ada');
  const bo: Account = newAccount('bo', 'Bo');
  let boPage: Page;

  afterAll(() => {
    expect(env.allPageErrors(), 'CSP violations or page errors').toEqual([]);
  });

  it('B accepts in the app from Profile → Sponsorship, under the name B gives', async () => {
    const { page, mail } = env;
    await signUp(page, mail, ada);
    boPage = (await env.newPage()).page;
    await signUp(boPage, mail, bo);
    await visible(menuButtonNamed(page, 'Menu, signed in as Ada'));

    await openSponsorshipTab(page);
    await invite(page, bo.email, 'Bo', 'SAA');
    await closeProfile(page);

    const profile = await openSponsorshipTab(boPage);
    const item = profile.getByRole('listitem').filter({ hasText: 'Ada offers to be your sponsor' });
    await visible(item, 15_000);
    await expectAccessible(boPage, 'the Sponsorship tab with an invitation to answer');
    await shot(boPage, 'received-invitation', { desktop: true, scrollTo: item });

    await item.getByRole('button', { name: 'Accept the invitation from Ada' }).click();
    const accept = await visible(dialog(boPage, 'Accept this invitation?'));
    const name = accept.getByLabel('Your name for Ada');
    expect(await name.inputValue()).toBe('Bo');
    await name.fill('Bo S.');
    await shot(boPage, 'accept-dialog', { desktop: true });
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await hidden(accept, 15_000);
    await visible(
      profile.getByText('Invitation accepted. You and Ada are now connected: Ada is your sponsor in SAA.'),
      15_000,
    );
    await visible(profile.getByText('Ada: your sponsor'));
    await visible(profile.getByText('No invitations are waiting for you.'));
    await closeProfile(boPage);
  });

  it('A gets a note with the unread count in the header; opening the notes clears it', async () => {
    const { page, mail } = env;
    await page.reload();
    const menu = await visible(menuButtonNamed(page, 'Menu, signed in as Ada, 1 unread note'), 20_000);
    expect(await menu.textContent()).toBe('A1Menu');
    await shot(page, 'header-unread', { desktop: true });
    // The e-mail says only that there is a note.
    await eventually(
      () => mail.received.some((m) => m.to === ada.email && m.subject === 'You have a new note in SAM'),
      'the neutral e-mail about a new note',
    ).toBe(true);

    // The open menu, with its Notes entry, stays in the banner.
    await menu.click();
    const item = await visible(page.getByRole('banner').getByRole('menuitem', { name: 'Notes, 1 unread' }));
    expect(await item.textContent()).toBe('Notes1');
    await shot(page, 'menu-unread', { desktop: true });
    await page.keyboard.press('Escape');
    await openNotes(page, 'Menu, signed in as Ada, 1 unread note', 'Notes, 1 unread');
    const note = page.getByRole('listitem').filter({ hasText: 'Bo S. accepted your invitation.' });
    await visible(note, 15_000);
    await visible(note.getByText('New'));
    await visible(note.getByText(/^(just now|\d+ minutes? ago)$/));
    await visible(menuButtonNamed(page, 'Menu, signed in as Ada'), 15_000);
    await expectAccessible(page, 'the Notes page');
    await shot(page, 'notes-page', { desktop: true });

    await note.getByRole('link', { name: 'Bo S. accepted your invitation.' }).click();
    await visible(pageHeading(page, 'My Profile'), 15_000);
    expect(await page.getByRole('tab', { name: 'Sponsorship' }).getAttribute('aria-selected')).toBe('true');
    await visible(page.getByText('Bo S.: your sponsee'), 15_000);

    // Read stays read.
    await page.reload();
    await visible(menuButtonNamed(page, 'Menu, signed in as Ada'), 20_000);
  });

  it('B declines a second invitation in the app; A sees it declined, and a note says so', async () => {
    const { page } = env;
    await page.goto('/');
    await openSponsorshipTab(page);
    await invite(page, bo.email, 'Bo', 'AA');
    await closeProfile(page);

    const profile = await openSponsorshipTab(boPage);
    await profile.getByRole('button', { name: 'Decline the invitation from Ada' }).click();
    const confirm = await visible(dialog(boPage, 'Decline this invitation?'));
    await visible(confirm.getByText('Ada will see that you declined.'));
    await confirm.getByRole('button', { name: 'Decline', exact: true }).click();
    await visible(profile.getByText('Invitation declined. Ada will see that you said no.'), 15_000);
    await closeProfile(boPage);

    const adaTab = await openSponsorshipTab(page);
    const declined = adaTab.getByRole('list', { name: 'Declined' });
    const item = declined.getByRole('listitem').filter({ hasText: 'You offered to sponsor Bo' });
    await visible(item, 15_000);
    await visible(item.getByText(`Declined on ${formatDisplayDate(new Date())}`));
    await visible(item.getByText('AA', { exact: false }));
    await shot(page, 'declined', { desktop: true, scrollTo: item });
    await closeProfile(page);

    await page.reload();
    await openNotes(page, 'Menu, signed in as Ada, 1 unread note', 'Notes, 1 unread');
    await visible(page.getByRole('link', { name: 'Bo declined your invitation.' }), 15_000);
  });

  it('B ends the relationship; A sees when, by whom and why, and a note says so', async () => {
    const { page } = env;
    const profile = await openSponsorshipTab(boPage);
    await profile.getByRole('button', { name: 'End the relationship with Ada (your sponsor)' }).click();
    const ending = await visible(dialog(boPage, 'End this relationship?'));
    await ending.getByLabel('Reason (optional)').fill('Moving away.');
    await ending.getByRole('button', { name: 'End relationship' }).click();
    await hidden(ending, 15_000);
    await closeProfile(boPage);

    await page.goto('/');
    const adaTab = await openSponsorshipTab(page);
    const item = adaTab.getByRole('list', { name: 'Ended' }).getByRole('listitem');
    await visible(item.getByText('Bo S.: your former sponsee'), 15_000);
    await visible(item.getByText(`SAA · Ended on ${formatDisplayDate(new Date())} by Bo S.`));
    await visible(item.getByText('Reason: Moving away.'));
    await shot(page, 'ended', { desktop: true, scrollTo: item });
    await closeProfile(page);
    await openNotes(page, 'Menu, signed in as Ada, 1 unread note', 'Notes, 1 unread');
    await visible(page.getByRole('link', { name: 'Bo S. ended your sponsorship relationship.' }), 15_000);
  });

  it('turning the e-mail for notes off holds after a reload', async () => {
    const { page } = env;
    await chooseMenuItem(page, 'Profile');
    const profile = await visible(dialog(page, 'Profile'));
    const box = profile.getByRole('checkbox', { name: 'E-mail me when I have a new note' });
    await visible(box, 15_000);
    await eventually(() => box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await eventually(() => box.isChecked()).toBe(false);
    await eventually(() => box.isEnabled()).toBe(true);
    await shot(page, 'email-setting', { desktop: true, scrollTo: box });

    await page.reload();
    await chooseMenuItem(page, 'Profile');
    const again = await visible(dialog(page, 'Profile'));
    const reloaded = again.getByRole('checkbox', { name: 'E-mail me when I have a new note' });
    await visible(reloaded, 15_000);
    await eventually(() => reloaded.isEnabled()).toBe(true);
    expect(await reloaded.isChecked()).toBe(false);
  });
});
