/**
 * My three circles in the sponsor space, in two real Chromium browsers against the real server: Ada draws
 * her circles, asks Bo to be her sponsor and shares "My three circles"; Bo reads the three circles and
 * writes a note on one item with "Note on this item", which Ada reads with "About: <item>"; Ada then adds
 * to her outer circle and Bo's copy, after a reload, holds the new item. Nothing of the circles or the
 * note leaves either browser unencrypted. Axe runs on Bo's view of the circles.
 */
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { addInGuide, CIRCLES_PAGE, circleCard } from './support/circles.ts';
import { type E2ePage, e2eEnvironment } from './support/environment.ts';
import {
  compareSafetyCodes,
  eventually,
  inviteSponsorWhoSignsUp,
  itemCard,
  newAccount,
  openSponseeSpace,
  sharedWithSponsorPanel,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment();
const shot = screenshots('circlesSponsor', { desktop: true, fullPage: 'also' });
const ada = newAccount('ada-circles-sponsor', 'Ada');
const bo = newAccount('bo-circles-sponsor', 'Bo');

const CIRCLES = 'My three circles';
const INNER = 'Messaging old partners late at night';
const OUTER = 'Calling my sister on Sundays';
const MIDDLE = 'Staying up alone after midnight';
const ADDED_OUTER = 'Walking the dog before work';
const NOTE = 'Could we look at what usually comes before this, at our next call?';
const ABOUT = `About: ${INNER}`;

/** One circle's section inside a shown copy of the circles: its heading, then its items. */
const circleSection = (scope: Locator, name: string): Locator =>
  scope.locator('section').filter({ has: scope.page().getByRole('heading', { name, exact: true }) });

describe('the three circles shared with a sponsor', () => {
  let sponsor: E2ePage;
  let spaceUrl = '';

  afterAll(() => {
    expect(env.allPageErrors(), 'CSP violations or page errors').toEqual([]);
  });

  it('Ada draws her circles, asks Bo to be her sponsor, and shares the circles', async () => {
    const { page, mail } = env;
    await signUp(page, mail, ada);
    await page.goto(CIRCLES_PAGE);
    await visible(page.getByRole('heading', { level: 3, name: 'Step 1 of 3 Inner circle' }), 15_000);
    await addInGuide(page, 'inner', INNER);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await addInGuide(page, 'outer', OUTER);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await addInGuide(page, 'middle', MIDDLE);
    await page.getByRole('button', { name: 'Save my circles' }).click();
    await visible(page.getByText('Circles saved'), 15_000);

    sponsor = await env.newPage();
    await inviteSponsorWhoSignsUp(env, page, bo, sponsor.page);
    await compareSafetyCodes({ page, name: ada.name }, { page: sponsor.page, name: bo.name });

    const panel = await sharedWithSponsorPanel(page);
    const card = itemCard(panel, CIRCLES);
    const share = await visible(card.getByRole('switch', { name: /^Share with Bo/ }), 30_000);
    expect(await share.isChecked()).toBe(false);
    await share.click();
    await visible(panel.getByText('My three circles is shared.'), 15_000);
    expect(await share.isChecked()).toBe(true);
  });

  it('Bo reads the three circles and writes a note on one item', async () => {
    const boPage = sponsor.page;
    await openSponseeSpace(boPage, 'Ada');
    spaceUrl = new URL(boPage.url()).pathname;

    const circles = await visible(itemCard(boPage, CIRCLES), 30_000);
    await visible(circles.getByText(/^Version 1 · /));
    await visible(circles.getByText('· New'));
    await shot(boPage, 'sponsor-circles-closed', { scrollTo: circles });
    await circles.locator('summary').click();
    for (const [name, item] of [
      ['Inner circle', INNER],
      ['Middle circle', MIDDLE],
      ['Outer circle', OUTER],
    ] as const) {
      const section = circleSection(circles, name);
      expect(await section.getByRole('listitem').allTextContents(), name).toEqual([
        `${item}Note on this item`,
      ]);
    }

    await circles.getByRole('button', { name: `Note on this item: ${INNER}`, exact: true }).click();
    const notes = circles.getByRole('region', { name: 'Notes on My three circles' });
    await visible(notes.getByText(ABOUT, { exact: true }));
    const box = notes.getByLabel('Write a note');
    // Choosing the item takes Bo to the note box, which names the item it is about.
    await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const description = await box.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain(ABOUT);
    await box.fill(NOTE);
    await expectAccessible(boPage, "the sponsor's view of the circles, a note about an item");
    await shot(boPage, 'sponsor-note-about-item', { scrollTo: notes });

    await notes.getByRole('button', { name: 'Send note' }).click();
    await visible(notes.getByText('Note sent.'), 15_000);
    const sent = notes.getByRole('listitem').filter({ hasText: NOTE });
    await visible(sent.getByText(ABOUT, { exact: true }));
    // Sent, the box is about the whole item again.
    expect(await notes.getByText(ABOUT, { exact: true }).count()).toBe(1);
    await expectAccessible(boPage, "the sponsor's view of the circles with a note");
    await shot(boPage, 'sponsor-circles', { scrollTo: circles });
    await shot(boPage, 'sponsor-circles-notes', { scrollTo: sent });
  });

  it('Ada reads the note with the item it is about', async () => {
    const panel = await sharedWithSponsorPanel(env.page);
    const card = itemCard(panel, CIRCLES);
    const note = card.getByRole('listitem').filter({ hasText: NOTE });
    await visible(note, 30_000);
    await visible(note.getByText(ABOUT, { exact: true }));
    await visible(note.getByText(/^Bo · /));
  });

  it("Ada adds to her outer circle; after a reload Bo's copy holds the new item", async () => {
    const { page } = env;
    await page.goto(CIRCLES_PAGE);
    const outer = await visible(circleCard(page, 'Outer circle'), 15_000);
    await outer.getByLabel('Add to your outer circle').fill(ADDED_OUTER);
    await outer.getByRole('button', { name: 'Add', exact: true }).click();
    // The sponsor's copy follows the save, right after it.
    const copied = page.waitForResponse(
      (r) => r.url().endsWith('/items/three-circles') && r.request().method() === 'PUT',
    );
    await page
      .getByRole('region', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    await visible(page.getByText('Circles saved'), 15_000);
    expect((await copied).status()).toBe(200);

    const boPage = sponsor.page;
    expect(new URL(boPage.url()).pathname).toBe(spaceUrl);
    await boPage.reload();
    const circles = await visible(itemCard(boPage, CIRCLES), 30_000);
    await visible(circles.getByText(/^Version 2 · /));
    await circles.locator('summary').click();
    expect(await circleSection(circles, 'Outer circle').getByRole('listitem').allTextContents()).toEqual([
      `${OUTER}Note on this item`,
      `${ADDED_OUTER}Note on this item`,
    ]);
    // The note stays, with the item it was about.
    await visible(circles.getByRole('listitem').filter({ hasText: NOTE }).getByText(ABOUT, { exact: true }));
    await expectAccessible(boPage, "the sponsor's view of the changed circles");
    await shot(boPage, 'sponsor-circles-updated', { scrollTo: circles });

    const sent = [...env.traffic, ...sponsor.traffic].join('\n');
    for (const text of [INNER, OUTER, MIDDLE, ADDED_OUTER, NOTE]) {
      expect(sent, `"${text}" leaves the browsers only encrypted`).not.toContain(text);
    }
  });
});
