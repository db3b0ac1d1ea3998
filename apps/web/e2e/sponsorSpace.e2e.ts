/**
 * The sponsor space in two real Chromium browsers against the real server: Ada asks Bo to be her sponsor
 * and Bo accepts; both compare the safety code and mark it verified; Ada shares Step 1 (with her Step One
 * writing) and her resentments inventory; Bo reads them and writes a note; Ada replies; Ada changes when
 * she started Step 1 and Bo's copy shows it; Ada clears her progress and Bo's copies are emptied with it;
 * Ada stops sharing the inventory and Bo no longer sees it; Bo ends the relationship and the space is no
 * longer his to open.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTrafficDuring, expectAccessible, expectReadAhead } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  chooseMenuItem,
  dialog,
  hidden,
  inviteSponsorWhoSignsUp,
  itemCard,
  newAccount,
  openSponseeSpace,
  pageHeading,
  safetyCodeOf,
  sharedWithSponsorPanel,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import { inventorySaved, openInventories, stepUrl } from './support/stepPages.ts';

const env = e2eEnvironment();
const shot = screenshots('sponsorSpace', { fullPage: true });
const ada = newAccount('ada-space', 'Ada');
const bo = newAccount('bo-space', 'Bo');
const STEP_ONE = 'It started long before I could name it.';
const RESENTED = 'My landlord';
const NOTE = 'Thank you for trusting me with this.';
const REPLY = 'It helped to write it down.';

/**
 * Rewrites, on `page`, the server's reply for the space as a server that swapped keys would: `change` edits
 * its JSON. Returns a function that stops.
 */
async function rewriteSpaceReply(page: Page, change: (reply: Record<string, unknown>) => void) {
  const pattern = /\/api\/sponsorship\/spaces\/[^/]+$/;
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const reply = await response.json();
    change(reply);
    await route.fulfill({ response, json: reply });
  };
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** A real P-256 public key of no one in this test, as base64 of its point. */
async function strangersKey(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    return btoa(String.fromCharCode(...raw));
  });
}

describe('the sponsor space', () => {
  let boPage: Page;
  let spaceUrl = '';

  afterAll(() => {
    expect(env.allPageErrors(), 'CSP violations or page errors').toEqual([]);
  });

  it('Ada writes, asks Bo to be her sponsor, and Bo accepts', async () => {
    const { page, mail } = env;
    await signUp(page, mail, ada);
    await page.goto(stepUrl(1));
    await visible(pageHeading(page, 'Step One'), 15_000);
    await page.getByLabel('My Step One', { exact: true }).fill(STEP_ONE);
    await page.getByRole('button', { name: 'Save my Step One' }).click();
    await visible(page.getByText('Step One saved'));
    await page.goto(stepUrl(4));
    const inventories = await openInventories(page);
    const saved = inventorySaved(page);
    await inventories
      .getByRole('tabpanel')
      .getByLabel(/^Add a resentment/)
      .fill(RESENTED);
    await inventories.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
    await saved;
    await page.keyboard.press('Escape');

    boPage = await inviteSponsorWhoSignsUp(env, page, bo);
  });

  it('both see the same safety code; nothing is shared until they compare it and mark it verified', async () => {
    const panel = await sharedWithSponsorPanel(env.page);
    await visible(panel.getByText(/^Compare this code with Bo before you share anything/), 30_000);
    await visible(panel.getByText(/^Sharing waits until you have compared your safety code with Bo/));
    const stepOne = itemCard(panel, 'Step 1').getByRole('switch', { name: 'Share with Bo' });
    expect(await stepOne.isDisabled()).toBe(true);
    const adaCode = await safetyCodeOf(env.page);
    await shot(env.page, 'panel-unverified');
    await expectAccessible(env.page, 'the Shared with my sponsor panel');
    await env.page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(env.page, 'the Shared with my sponsor panel at 360 px');
    await shot(env.page, 'panel-unverified-360');
    await panel.getByRole('button', { name: 'Go on without comparing' }).click();
    const risk = await visible(dialog(env.page, 'Go on without comparing the code?'));
    await expectAccessible(env.page, 'the dialog that asks before going on without comparing');
    await risk.getByRole('button', { name: 'Compare first' }).click();
    await hidden(risk);
    await env.page.setViewportSize({ width: 1280, height: 800 });

    await openSponseeSpace(boPage, 'Ada');
    spaceUrl = new URL(boPage.url()).pathname;
    expect(await safetyCodeOf(boPage)).toBe(adaCode);
    await visible(boPage.getByText(/^Compare this code with Ada before you write notes/));
    await visible(boPage.getByText('Ada has not opened your shared space yet.', { exact: false }));

    await panel.getByRole('button', { name: 'We compared it: mark verified' }).click();
    await visible(panel.getByText('Verified: you compared this code with Bo.'), 15_000);
    await boPage.getByRole('button', { name: 'We compared it: mark verified' }).click();
    await visible(boPage.getByText('Verified: you compared this code with Ada.'), 15_000);
  });

  it('Ada shares Step 1 and her resentments; Bo reads them and writes a note; Ada replies', async () => {
    const panel = await sharedWithSponsorPanel(env.page);
    for (const [title, announced] of [
      ['Step 1', 'Step 1 is shared.'],
      ['Resentments inventory', 'Resentments inventory is shared.'],
    ] as const) {
      await itemCard(panel, title).getByRole('switch', { name: 'Share with Bo' }).click();
      await visible(panel.getByText(announced), 15_000);
    }
    await shot(env.page, 'panel-shared');
    await shot(env.page, 'panel-shared-desktop', { desktop: true, fullPage: false });

    await boPage.goto(spaceUrl);
    const step = await visible(boPage.getByRole('article', { name: /^Step One/ }), 30_000);
    await visible(step.getByText('· New'));
    await step.locator('summary').click();
    await visible(step.getByText(STEP_ONE));
    const inventory = boPage.getByRole('article', { name: 'Resentments Inventory' });
    await inventory.locator('summary').click();
    await visible(inventory.getByRole('heading', { name: RESENTED }));
    await step.getByLabel('Write a note').fill(NOTE);
    await step.getByRole('button', { name: 'Send note' }).click();
    await visible(step.getByText(NOTE), 15_000);
    await step.getByRole('button', { name: 'Mark reviewed' }).click();
    await visible(step.getByText('You marked this reviewed.'), 15_000);
    await expectAccessible(boPage, 'the sponsee page');
    await shot(boPage, 'sponsee-page');
    await shot(boPage, 'sponsee-page-desktop', { desktop: true, fullPage: false });

    const again = await sharedWithSponsorPanel(env.page);
    const adaStep = itemCard(again, 'Step 1');
    await visible(adaStep.getByText(NOTE), 30_000);
    await visible(adaStep.getByText(/Reviewed by Bo on/));
    await adaStep.getByLabel('Write a note').fill(REPLY);
    await adaStep.getByRole('button', { name: 'Send note' }).click();
    await visible(adaStep.getByText('Note sent.'), 15_000);

    // A reload shows Ada's reply: the space and Bo's identity key are read beside the session check.
    const reloaded = await apiTrafficDuring(boPage, async () => {
      await boPage.reload();
      const stepAgain = await visible(boPage.getByRole('article', { name: /^Step One/ }), 30_000);
      await stepAgain.locator('summary').click();
      await visible(stepAgain.getByText(REPLY), 15_000);
    });
    expectReadAhead(reloaded, `GET /api/sponsorship/spaces/${spaceUrl.split('/').pop()}`);
    expectReadAhead(reloaded, 'GET /api/user/identity-key');
  });

  it('Ada changes when she started Step 1; Bo’s copy shows the new date', async () => {
    const { page } = env;
    await page.goto(stepUrl(1));
    await page.getByRole('button', { name: 'Step dates' }).click();
    const timeline = await visible(dialog(page, 'Step One timeline'));
    await timeline.getByRole('button', { name: 'Edit Step Dates' }).click();
    await timeline.getByLabel('Start date').fill('2025-03-10');
    await timeline.getByRole('button', { name: 'Save dates' }).click();
    const copyReplaced = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/items/step-1') && r.ok(),
    );
    await (await visible(dialog(page, 'Edit Step Dates'))).getByRole('button', { name: 'Yes' }).click();
    const done = await visible(page.getByRole('dialog').filter({ hasText: 'Dates updated successfully' }));
    await done.getByRole('button', { name: 'OK' }).click();
    await timeline.getByRole('button', { name: 'Close' }).first().click();
    await hidden(timeline);
    await copyReplaced;

    await boPage.goto(spaceUrl);
    const step = await visible(boPage.getByRole('article', { name: /^Step One/ }), 30_000);
    await visible(step.getByText(/Started 10-Mar-2025/));
  });

  it('Ada clears her progress, and Bo’s copies of her shared items are emptied with it', async () => {
    const { page } = env;
    await chooseMenuItem(page, 'Backup & Restore');
    const menu = await visible(dialog(page, 'Backup & Restore'));
    await visible(menu.getByRole('button', { name: 'Clear Progress' }), 15_000);
    await menu.getByRole('button', { name: 'Clear Progress' }).click();
    const clearing = await visible(dialog(page, 'Clear Progress'));
    await clearing.getByLabel('Type "clear" to confirm').fill('clear');
    await clearing.getByLabel('Your password').fill(ada.password);
    const reload = page.waitForEvent('load', { timeout: 30_000 });
    await clearing.getByRole('button', { name: 'Clear All Data' }).click();
    await reload;

    await boPage.goto(spaceUrl);
    const step = await visible(boPage.getByRole('article', { name: /^Step One/ }), 30_000);
    await visible(step.getByText(/^To Do · Updated/));
    const details = step.locator('details');
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
      await step.locator('summary').click();
    await visible(step.getByText('Write your Step One'));
    await hidden(step.getByText(STEP_ONE));
    // Bo's note stays with the item.
    await visible(step.getByText(NOTE));
    const inventory = boPage.getByRole('article', { name: 'Resentments Inventory' });
    await visible(inventory.getByText(/0 entries/));
    await hidden(inventory.getByRole('heading', { name: RESENTED }));
  });

  it('a key swapped on the server is a warning on both sides, and sharing pauses', async () => {
    const other = await strangersKey(env.page);
    // The server gives Ada another key for Bo: she is warned, and shares nothing with it.
    let stop = await rewriteSpaceReply(env.page, (reply) => {
      (reply.partner as { publicKey: string }).publicKey = other;
    });
    await env.page.setViewportSize({ width: 360, height: 740 });
    const panel = await sharedWithSponsorPanel(env.page);
    await visible(panel.getByText(/^Bo’s key has changed since you accepted it/), 30_000);
    expect(await itemCard(panel, 'Step 2').getByRole('switch', { name: 'Share with Bo' }).isDisabled()).toBe(
      true,
    );
    await expectAccessible(env.page, 'the changed-key warning at 360 px');
    await shot(env.page, 'panel-key-changed-360');
    await stop();
    // The server names another key for Ada herself: her browser refuses the reply.
    stop = await rewriteSpaceReply(env.page, (reply) => {
      (reply.me as { publicKey: string }).publicKey = other;
    });
    await sharedWithSponsorPanel(env.page);
    await visible(
      env.page.getByText(/^SAM’s server named a key for you that is not the one this browser holds/),
      30_000,
    );
    await expectAccessible(env.page, 'the refused-reply warning at 360 px');
    await shot(env.page, 'panel-my-key-refused-360');
    await stop();
    await env.page.setViewportSize({ width: 1280, height: 800 });
    await sharedWithSponsorPanel(env.page);
    await visible(env.page.getByText('Verified: you compared this code with Bo.'), 30_000);
  });

  it('Ada stops sharing her inventory; Bo no longer sees it; after the end the space is gone for Bo', async () => {
    const panel = await sharedWithSponsorPanel(env.page);
    await itemCard(panel, 'Resentments inventory').getByRole('switch', { name: 'Share with Bo' }).click();
    await visible(panel.getByText('Resentments inventory is no longer shared.'), 15_000);

    await boPage.goto(spaceUrl);
    await visible(boPage.getByRole('article', { name: /^Step One/ }), 30_000);
    await hidden(boPage.getByRole('article', { name: 'Resentments Inventory' }));

    await boPage.goto('/profile?tab=sponsorship');
    await boPage.getByRole('button', { name: 'End the relationship with Ada (your sponsee)' }).click();
    const ending = await visible(dialog(boPage, 'End this relationship?'));
    await ending.getByRole('button', { name: 'End relationship' }).click();
    await hidden(ending, 15_000);

    await boPage.goto(spaceUrl);
    await visible(boPage.getByText('This space is not available. The relationship may have ended.'), 30_000);
    await hidden(boPage.getByText(STEP_ONE));
  });
});
