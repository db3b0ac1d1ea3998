/**
 * My three circles in a real Chromium at 360 px, against the real server: a new member is guided through
 * the circles inner, outer, middle, picking an example and writing their own, and saves version 1; they
 * add to the inner circle with a reason, which asks first; leaving with a change unsaved asks too, and the
 * change comes back as a draft; they restore version 1 and the history shows all three versions. Nothing
 * they write leaves the browser unencrypted. Axe runs on the page, the guide and each dialog.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTrafficDuring, expectAccessible, expectReadAhead } from './support/browser.ts';
import { addInGuide, CIRCLES_PAGE, circleCard } from './support/circles.ts';
import { e2eEnvironment } from './support/environment.ts';
import { dialog, eventually, hidden, newAccount, pageHeading, signUp, visible } from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment();
const shot = screenshots('circles', { fullPage: 'also', desktop: true });
const ada = newAccount('ada-circles', 'Ada');

const OWN_INNER = 'Messaging old partners late at night';
const OWN_OUTER = 'Cooking dinner with friends';
const OWN_MIDDLE = 'Skipping lunch and getting too tired';
const ADDED_INNER = 'Browsing dating apps';
const REASON = 'Talked it through with my sponsor on Sunday';

const historyList = (page: Page) => page.getByRole('region', { name: 'History', exact: true });

async function breadcrumbs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  return (await nav.getByRole('listitem').allTextContents()).map((t) => t.trim());
}

async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `scrollWidth of ${label}`).toBeLessThanOrEqual(360);
}

describe('my three circles', () => {
  afterAll(() => {
    expect(env.allPageErrors(), 'CSP violations or page errors').toEqual([]);
  });

  it('guides a first visit through the circles, one a step, and saves them', async () => {
    const { page, mail } = env;
    await signUp(page, mail, ada);
    await page.goto(CIRCLES_PAGE);
    await visible(pageHeading(page, 'My three circles'), 15_000);
    expect(await breadcrumbs(page)).toEqual(['Home', 'Recovery Programs', 'SAA', 'My three circles']);
    expect(await page.title()).toBe('My three circles | SAM');
    await visible(page.getByRole('heading', { level: 2, name: 'Draw your circles' }), 15_000);
    await visible(page.getByText(/SAA has no single definition of abstinence/));

    await visible(page.getByRole('heading', { level: 3, name: 'Step 1 of 3 Inner circle' }));
    await page.getByLabel('Add to your inner circle').fill(OWN_INNER);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Viewing pornography', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Viewing pornography', pressed: true }));
    await expectAccessible(page, 'the guide');
    await expectNoHorizontalScroll(page, 'the guide');
    await shot(page, '01-guide-inner');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(page.getByRole('heading', { level: 3, name: 'Step 2 of 3 Outer circle' }));
    await page.getByRole('button', { name: 'Going to a meeting', exact: true }).click();
    await addInGuide(page, 'outer', OWN_OUTER);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(page.getByRole('heading', { level: 3, name: 'Step 3 of 3 Middle circle' }));
    await addInGuide(page, 'middle', OWN_MIDDLE);
    await shot(page, '02-guide-middle');

    await page.getByRole('button', { name: 'Save my circles' }).click();
    await visible(page.getByText('Circles saved'), 15_000);
    await visible(circleCard(page, 'Inner circle').getByText(OWN_INNER, { exact: true }));
    await visible(circleCard(page, 'Outer circle').getByText('Going to a meeting', { exact: true }));
    await visible(historyList(page).getByRole('heading', { name: 'Version 1 · Current' }));
    await expectAccessible(page, 'the circles');
    await expectNoHorizontalScroll(page, 'the circles');
    await shot(page, '03-circles');
  });

  it('asks before a change to the inner circle, and saves it with the reason', async () => {
    const { page } = env;
    const inner = circleCard(page, 'Inner circle');
    await inner.getByLabel('Add to your inner circle').fill(ADDED_INNER);
    await inner.getByRole('button', { name: 'Add', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Unsaved changes' });
    await visible(panel.getByText('Added 1 item to the inner circle'));
    await panel.getByLabel('Why I changed this (optional)').fill(REASON);
    await shot(page, '04-unsaved', { scrollTo: panel });

    await panel.getByRole('button', { name: 'Save changes' }).click();
    let ask = await visible(dialog(page, 'You are changing your inner circle'));
    await eventually(() =>
      ask.getByRole('button', { name: 'Keep editing' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await expectAccessible(page, 'the inner circle confirmation');
    await shot(page, '05-inner-confirm');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await hidden(ask);
    await panel.getByRole('button', { name: 'Save changes' }).click();
    ask = await visible(dialog(page, 'You are changing your inner circle'));
    await ask.getByRole('button', { name: 'Save the change' }).click();
    await hidden(ask);
    await visible(page.getByText('Circles saved'), 15_000);

    const latest = historyList(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Version 2 · Current' }) });
    await visible(latest.getByText('Added 1 item to the inner circle'));
    await visible(latest.getByText(REASON, { exact: true }));
  });

  it('asks before leaving a change unsaved, and brings it back as a draft', async () => {
    const { page } = env;
    const outer = circleCard(page, 'Outer circle');
    await outer.getByRole('button', { name: `Change: ${OWN_OUTER}` }).click();
    await outer.getByRole('button', { name: 'Move up' }).click();
    await outer.getByRole('button', { name: 'Done' }).click();
    await visible(
      page.getByRole('region', { name: 'Unsaved changes' }).getByText('Reordered the outer circle'),
    );

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'SAA' }).click();
    let ask = await visible(dialog(page, 'Leave this page?'));
    await visible(ask.getByText(/kept as a draft on this device/));
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await hidden(ask);
    expect(new URL(page.url()).pathname).toBe(CIRCLES_PAGE);

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'SAA' }).click();
    ask = await visible(dialog(page, 'Leave this page?'));
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/programs/saa');
    await page.goBack();
    await visible(page.getByText('Draft restored'), 15_000);
    const items = circleCard(page, 'Outer circle').getByRole('listitem');
    await eventually(async () => (await items.first().textContent())?.startsWith(OWN_OUTER)).toBe(true);

    await page.getByRole('button', { name: 'Discard changes' }).click();
    const discard = await visible(dialog(page, 'Discard your changes?'));
    await expectAccessible(page, 'the discard confirmation');
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await hidden(discard);
    await eventually(async () => (await items.first().textContent())?.startsWith('Going to a meeting')).toBe(
      true,
    );
  });

  it('restores version 1 as a new version, and the history shows every version', async () => {
    const { page, traffic } = env;
    const history = historyList(page);
    const first = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Version 1', exact: true }) });
    await first.getByRole('button', { name: 'View Version 1' }).click();
    await visible(first.getByRole('heading', { level: 4, name: 'Inner circle' }));
    expect(await first.getByText(ADDED_INNER, { exact: true }).count()).toBe(0);

    await first.getByRole('button', { name: 'Restore this version: Version 1' }).click();
    const ask = await visible(dialog(page, 'Restore version 1?'));
    await visible(ask.getByText(/changes your inner circle/));
    await eventually(() =>
      ask.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await expectAccessible(page, 'the restore dialog');
    await shot(page, '06-restore');
    await ask.getByRole('button', { name: 'Restore version 1' }).click();
    await hidden(ask, 15_000);
    await visible(page.getByText('Version 1 is back, saved as a new version.'));

    expect(await history.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Version 3 · Current',
      'Version 2',
      'Version 1',
    ]);
    const newest = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Version 3 · Current' }) });
    await visible(newest.getByText('Restored version 1', { exact: true }));
    await visible(newest.getByText('Removed 1 item from the inner circle'));
    expect(await circleCard(page, 'Inner circle').getByText(ADDED_INNER, { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the circles with their history');
    await shot(page, '07-history', { scrollTo: history });

    // A reload reads every version back from the server (beside the session check), decrypted here.
    const reloaded = await apiTrafficDuring(page, async () => {
      await page.reload();
      await visible(historyList(page).getByText(REASON, { exact: true }), 15_000);
    });
    expectReadAhead(reloaded, 'GET /api/circles');

    const sent = traffic.join('\n');
    for (const text of [OWN_INNER, OWN_OUTER, OWN_MIDDLE, ADDED_INNER, REASON, 'Viewing pornography']) {
      expect(sent, `"${text}" leaves the browser only encrypted`).not.toContain(text);
    }
  });
});
