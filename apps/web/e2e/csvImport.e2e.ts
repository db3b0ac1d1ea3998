/**
 * CSV import of a Step Four inventory in a real Chromium against the real server: a binary file, a
 * spreadsheet workbook and a file with unknown headers refused with nothing changed; a semicolon file
 * previewed (count, first rows, columns) before anything changes, then appended; a Windows-1252 file shown
 * with its accents and a note, then replacing the inventory; Undo bringing the old entries back (after a
 * reload too); Earlier versions restored and deleted. Every request is checked for the typed and imported
 * text: only ciphertext may leave the browser. axe runs on the preview dialog and the open versions list.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import { dialog, eventually, hidden, newAccount, signUp, visible } from './support/journeys.ts';
import { screenshots, takingScreenshots } from './support/screenshots.ts';
import { inventorySaveRequests, openInventories, quickAdd, stepUrl } from './support/stepPages.ts';

const env = e2eEnvironment();
const account = newAccount('csv-import', 'Sam');
const unique = Date.now().toString(36);

const shot = screenshots('csv-import');

/** Typed into the dialog. */
const TYPED = { boss: `Boss ${unique} Kestrel`, mother: `Mother ${unique} Heron` };
/** In the semicolon file (UTF-8). */
const SEMI = {
  a: `Landlord ${unique} Osprey`,
  aWhy: `Kept the deposit; said "no" ${unique}`,
  aPart: `I paid late ${unique}`,
  b: `Neighbour ${unique} Finch`,
  c: `Coach ${unique} Wren`,
};
/** In the Windows-1252 file. */
const LATIN = {
  cafe: `Café ${unique} Crème`,
  cafeWhy: `He said “never” ${unique}`,
  zoe: `Zoë ${unique} Noël`,
  garcon: `Garçon ${unique}`,
  francois: `François ${unique}`,
};

const files = mkdtempSync(join(tmpdir(), 'sam-csv-import-e2e-'));
function file(name: string, content: Buffer | string): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

/** Windows-1252 bytes: Latin-1 for the letters, 0x93/0x94 for curly quotes. */
const cp1252 = (text: string) =>
  Buffer.from(text.replaceAll('“', '\u0093').replaceAll('”', '\u0094'), 'latin1');

const FILES = {
  png: () =>
    file(
      'resentments.csv',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]),
    ),
  xlsx: () =>
    file(
      'inventory.csv',
      Buffer.concat([Buffer.from('PK\u0003\u0004\u0014\u0000\u0006\u0000', 'latin1'), Buffer.alloc(200, 1)]),
    ),
  unknownHeaders: () => file('mood-log.csv', `Date,Mood,Notes\n2026-01-02,low,${unique}\n`),
  semicolons: () =>
    file(
      'semicolons.csv',
      [
        'Person;Reason;Feelings;Affects;My part',
        `${SEMI.a};"${SEMI.aWhy.replaceAll('"', '""')}";Angry;"pride; self-esteem";${SEMI.aPart}`,
        `${SEMI.b};Noise;Tired;;`,
        `${SEMI.c};Benched me;Hurt;ambitions;`,
        '',
      ].join('\r\n'),
    ),
  windows1252: () =>
    file(
      'accents.csv',
      cp1252(
        [
          'who,why,feeling',
          `${LATIN.cafe},${LATIN.cafeWhy},déçu`,
          `${LATIN.zoe},,`,
          `${LATIN.garcon},,`,
          `${LATIN.francois},,`,
          '',
        ].join('\r\n'),
      ),
    ),
};

const inventories = (page: Page) =>
  page.getByRole('dialog', { name: 'Step Four Inventories', exact: true, includeHidden: true });
const panel = (page: Page) => inventories(page).getByRole('tabpanel');
const upload = (page: Page) =>
  panel(page).getByLabel('Upload a CSV file for your Resentments inventory', { exact: true });
const preview = (page: Page, name: string) => dialog(page, name);
const saves = () => inventorySaveRequests(env.traffic).length;

/** The main text of each entry, in order, as the list shows them (also behind an open dialog). */
function entryNames(page: Page): Promise<string[]> {
  return inventories(page)
    .getByRole('tabpanel', { includeHidden: true })
    .getByRole('list', { name: 'Resentments entries', includeHidden: true })
    .getByRole('button', { name: /^Edit /, includeHidden: true })
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? '').replace(/^Edit /, '')));
}

/** Step 4 freshly loaded, the inventories open and their list loaded. */
async function openStepFourInventories(page: Page): Promise<void> {
  await page.goto(stepUrl(4));
  await openInventories(page);
  await visible(panel(page).getByText(/^(No entries yet\.|\d+ entr)/));
}

const addResentment = (page: Page, text: string) => quickAdd(page, /^Add a resentment/, text);

/** The texts under an entry's name once it is expanded. */
async function detailsOf(page: Page, name: string): Promise<string[]> {
  await panel(page).getByRole('button', { name, exact: true }).click();
  const row = panel(page).getByRole('listitem').filter({ hasText: name });
  await visible(row.locator('dd').first());
  return row.locator('dd').allTextContents();
}

/** A refusal under the toolbar: the message, no preview, no save, the same entries. */
async function expectRefused(page: Page, path: string, message: RegExp): Promise<void> {
  const before = { saves: saves(), names: await entryNames(page) };
  await upload(page).setInputFiles(path);
  await visible(panel(page).getByText(message));
  expect(await page.getByRole('dialog', { name: /^Import / }).count()).toBe(0);
  expect(saves()).toBe(before.saves);
  expect(await entryNames(page)).toEqual(before.names);
}

function versionList(page: Page): Locator {
  return panel(page).getByRole('list', { name: 'Earlier versions of your Resentments inventory' });
}

describe('CSV import of an inventory', () => {
  it('starts with two entries typed by hand', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    await openStepFourInventories(page);
    await addResentment(page, TYPED.boss);
    await addResentment(page, TYPED.mother);
    expect(await entryNames(page)).toEqual([TYPED.boss, TYPED.mother]);
  });

  it('refuses a binary file and a spreadsheet workbook, changing nothing', async () => {
    const { page } = env;
    await expectRefused(page, FILES.png(), /^This file is a PNG picture, not a CSV file/);
    await shot(page, '01-binary-refused');
    await expectRefused(
      page,
      FILES.xlsx(),
      /^This is a spreadsheet workbook .* pick CSV, then upload that file/,
    );
  });

  it('refuses a file whose first row names no column SAM reads, saying which it reads', async () => {
    const { page } = env;
    await expectRefused(page, FILES.unknownHeaders(), /could not find the "who" column/);
    await shot(page, '01b-unknown-headers');
    await visible(
      panel(page).getByText('SAM reads these columns: "who", "why", "feeling", "impacts", "myPart".', {
        exact: false,
      }),
    );
    await visible(
      panel(page).getByText('The first row of this file has: "Date", "Mood", "Notes".', { exact: false }),
    );
  });

  it('previews a semicolon file before anything changes, then Append adds its entries', async () => {
    const { page } = env;
    const before = saves();
    await upload(page).setInputFiles(FILES.semicolons());
    const box = await visible(preview(page, 'Import 3 entries?'));
    await visible(box.getByText('From “semicolons.csv” into your Resentments inventory.', { exact: false }));
    const shown = box.getByRole('list').first().getByRole('listitem');
    expect(await shown.count()).toBe(3);
    await visible(shown.nth(0).getByText(SEMI.a, { exact: true }));
    await visible(shown.nth(0).getByText(SEMI.aWhy, { exact: false }));
    await visible(shown.nth(2).getByText(SEMI.c, { exact: true }));
    await visible(box.getByText('from the column “Affects”', { exact: false }));
    await visible(box.getByText('Read as UTF-8 text, with columns separated by semicolons.'));
    await visible(box.getByText(/^Append adds these 3 entries after your 2 entries\./));
    // Nothing has been saved or shown yet.
    expect(saves()).toBe(before);
    expect(await entryNames(page)).toEqual([TYPED.boss, TYPED.mother]);
    await shot(page, '02-preview-semicolons');
    await expectAccessible(page, 'import preview (semicolons)');
    if (takingScreenshots) {
      await box
        .locator('[tabindex="0"]')
        .first()
        .evaluate((body) => body.scrollTo({ top: body.scrollHeight }));
      await shot(page, '02b-preview-columns');
    }

    await box.getByRole('button', { name: 'Append', exact: true }).click();
    await hidden(box);
    await visible(panel(page).getByText('Successfully imported 3 entries.'));
    await shot(page, '03a-undo-offer');
    // One save keeps the inventory as it was, one saves the new one.
    expect(saves()).toBe(before + 2);
    expect(await entryNames(page)).toEqual([TYPED.boss, TYPED.mother, SEMI.a, SEMI.b, SEMI.c]);
    expect(await detailsOf(page, SEMI.a)).toEqual([SEMI.aWhy, 'Angry', 'Pride, Self-esteem', SEMI.aPart]);
    await visible(panel(page).getByRole('button', { name: 'Undo import' }));
    await shot(page, '03-appended');
  });

  it('shows a Windows-1252 file with its accents and a note; Replace replaces; Undo brings the entries back', async () => {
    const { page } = env;
    const before = saves();
    await upload(page).setInputFiles(FILES.windows1252());
    const box = await visible(preview(page, 'Import 4 entries?'));
    await visible(box.getByText(LATIN.cafe, { exact: true }));
    await visible(box.getByText(LATIN.cafeWhy, { exact: false }));
    await visible(box.getByText(/^This file is not saved as UTF-8, so SAM read it as Windows-1252/));
    await visible(box.getByText('Read as Windows-1252 text, with columns separated by commas.'));
    await visible(box.getByText('Not in the file, so left empty: What it affects and My part.'));
    expect(saves()).toBe(before);
    await shot(page, '04-preview-windows-1252');
    await expectAccessible(page, 'import preview (Windows-1252, with a note)');

    await box.getByRole('button', { name: 'Replace', exact: true }).click();
    await hidden(box);
    await visible(panel(page).getByText('Successfully imported 4 entries.'));
    expect(await entryNames(page)).toEqual([LATIN.cafe, LATIN.zoe, LATIN.garcon, LATIN.francois]);
    expect(await detailsOf(page, LATIN.cafe)).toEqual([
      LATIN.cafeWhy,
      'déçu',
      '(not written yet)',
      '(not written yet)',
    ]);

    await panel(page).getByRole('button', { name: 'Undo import' }).click();
    await visible(panel(page).getByText(/^The import is undone: your inventory is back as it was\./));
    const restored = [TYPED.boss, TYPED.mother, SEMI.a, SEMI.b, SEMI.c];
    expect(await entryNames(page)).toEqual(restored);
    // The Undo button is gone; focus waits on the Earlier versions, where the import's result is kept.
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Earlier versions');
    expect(await panel(page).getByRole('button', { name: 'Undo import' }).count()).toBe(0);
    await shot(page, '05-undone');

    await page.reload();
    await openStepFourInventories(page);
    await eventually(() => entryNames(page)).toEqual(restored);
  });

  it('lists earlier versions; Restore puts one back and Delete removes one after a danger confirm', async () => {
    const { page } = env;
    await panel(page).getByText('Earlier versions', { exact: true }).click();
    const list = await visible(versionList(page));
    // Kept before the Append (the 2 typed entries) and before the Undo (the 4 imported ones).
    await eventually(() => list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Kept .*: 4 entriesRestoreDelete$/),
      expect.stringMatching(/^Kept .*: 2 entriesRestoreDelete$/),
    ]);
    await shot(page, '06-earlier-versions');
    await expectAccessible(page, 'earlier versions open');

    await list
      .getByRole('listitem')
      .filter({ hasText: ': 2 entries' })
      .getByRole('button', { name: /^Restore the version kept / })
      .click();
    await visible(panel(page).getByText(/^Your inventory is back as it was on /));
    expect(await entryNames(page)).toEqual([TYPED.boss, TYPED.mother]);
    await eventually(() => list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/: 5 entriesRestoreDelete$/),
      expect.stringMatching(/: 4 entriesRestoreDelete$/),
    ]);

    await list
      .getByRole('listitem')
      .filter({ hasText: ': 4 entries' })
      .getByRole('button', { name: /^Delete the version kept / })
      .click();
    const confirm = await visible(dialog(page, 'Delete this earlier version?'));
    await visible(confirm.getByText(/\(4 entries\) will be deleted\. This cannot be undone\./));
    await shot(page, '07-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(confirm);
    await eventually(() => list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/: 5 entriesRestoreDelete$/),
    ]);
    expect(await entryNames(page)).toEqual([TYPED.boss, TYPED.mother]);
    await shot(page, '08-after-delete');
  });

  it('sent only ciphertext: no typed or imported text in any request', () => {
    const bodies = inventorySaveRequests(env.traffic).map(
      (t) => JSON.parse(t.split('\n').slice(2).join('\n')) as Record<string, unknown>,
    );
    expect(bodies.length).toBeGreaterThanOrEqual(9);
    for (const body of bodies) {
      expect(Object.keys(body).sort()).toEqual(
        ['encrypted', 'encryptedData', 'entry_count', 'inventory_type', 'items', 'version'].sort(),
      );
      expect(body.encrypted).toBe(true);
      expect(String(body.version)).toMatch(/^resentments-(current|earlier-\d+)$/);
    }
    const everything = env.traffic.join('\n');
    for (const secret of [...Object.values(TYPED), ...Object.values(SEMI), ...Object.values(LATIN)]) {
      for (const piece of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]) {
        expect(everything.includes(piece), piece).toBe(false);
      }
    }
    expect(env.pageErrors).toEqual([]);
  });
});
