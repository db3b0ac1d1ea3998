/**
 * The Step Four inventories in a real Chromium against the real server: entries added to all three
 * inventories, 'needs more detail' until they are complete, the Completed rules, the pills on the step 4
 * page (nothing under them moves while they load, nor the dialog's tabs while its lists load), a CSV
 * download, Start Over, the same file uploaded back, bad files refused, and step 4's action 3 completed.
 * Every request is checked for the typed text: only ciphertext may leave the browser.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STEP_MESSAGES } from '@sam/core';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import { eventually, hidden, newAccount, signUp, visible } from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import {
  inventoriesDialog,
  inventoryPanel,
  inventorySaved,
  inventorySaveRequests,
  inventoryTab,
  quickAdd,
  stepSaved,
  tick,
} from './support/stepPages.ts';

const env = e2eEnvironment();
const shot = screenshots('inventory');

const account = newAccount('inventory', 'Sam');
const unique = Date.now().toString(36);

/** Texts typed into the dialog: none of them may appear in any request. */
const SECRET = {
  boss: `Boss ${unique} Kestrel`,
  bossWhy: `He said, "you're done" ${unique}\nin front of everyone`,
  bossFeeling: `Humiliated ${unique}`,
  bossPart: `I was late; often ${unique}`,
  mother: `Мама ${unique} 🌧`,
  motherWhy: `Стыд ${unique}`,
  fear: `Being alone ${unique} Heron`,
  fearWhy: `Old wounds ${unique}`,
  harm: `My sister ${unique} Plover`,
  harmHow: `Lied to her, twice ${unique}`,
  harmAlt: `Tell the truth ${unique}`,
};

const inventories = () => inventoriesDialog(env.page);
const tab = (name: string) => inventoryTab(env.page, name);
const panel = () => inventoryPanel(env.page);
const pills = () => env.page.getByRole('list', { name: 'Inventory status' }).getByRole('listitem');

/** Opens the edit form of `name`, fills texts and ticks options, saves. */
async function edit(name: string, texts: Record<string, string>, options: string[]): Promise<void> {
  await panel()
    .getByRole('button', { name: `Edit ${name}`, exact: true })
    .click();
  const form = await visible(panel().getByRole('form', { name: 'Edit entry' }));
  for (const [label, value] of Object.entries(texts))
    await form.getByLabel(label, { exact: true }).fill(value);
  for (const option of options) await form.getByRole('checkbox', { name: option, exact: true }).click();
  if (options.includes('Self-pity')) await shot(env.page, 'harm-edit-form');
  const saved = inventorySaved(env.page);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await hidden(form);
}

async function markCompleted(): Promise<void> {
  const box = panel().getByRole('checkbox', { name: 'Completed', exact: true });
  const saved = inventorySaved(env.page);
  await box.click();
  await saved;
  await eventually(() => box.isChecked()).toBe(true);
}

describe('Step Four inventories', () => {
  let csvPath = '';
  let csvText = '';

  it('shows visitors the log-in prompt on step 4', async () => {
    const { page } = env;
    await page.goto('/programs/saa/12-steps/step-4');
    await visible(page.getByText('Please log in to access Step Four Inventory'));
  });

  it('keeps the button and the boxes under the pills in their place while the pills load', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    const statuses = '**/api/get_inventory_encrypted/**';
    const held: Route[] = [];
    await page.route(statuses, (route) => void held.push(route));
    await page.goto('/programs/saa/12-steps/step-4');
    const open = await visible(page.getByRole('button', { name: 'Open Step Four Inventories' }), 15_000);
    const scheduled = page.getByRole('checkbox', { name: STEP_MESSAGES.step4ScheduledLabel });
    // Where each is on the page (not on the screen, which may scroll).
    const places = () =>
      Promise.all(
        [open, scheduled].map((locator) =>
          locator.evaluate((el) => Math.round(el.getBoundingClientRect().top + scrollY)),
        ),
      );
    await eventually(() => held.length).toBe(3);
    const whileLoading = await places();
    for (const route of held) await route.continue();
    await page.unroute(statuses);
    await expect
      .poll(() => pills().allTextContents())
      .toEqual(['Resentments: not started', 'Fears: not started', 'Harms Done: not started']);
    // A tap aimed at the button while the pills load must not land on what moved into its place.
    expect(await places()).toEqual(whileLoading);
  });

  it('adds entries to all three inventories, completes them and marks them Completed', async () => {
    const { page } = env;
    await page.goto('/programs/saa/12-steps/step-4');
    await expect
      .poll(() => pills().allTextContents())
      .toEqual(['Resentments: not started', 'Fears: not started', 'Harms Done: not started']);
    await tick(page, 1);
    await tick(page, 2);
    await page.getByRole('button', { name: 'Open Step Four Inventories' }).click();
    await visible(inventories());
    await expect.poll(() => tab('Resentments').textContent()).toBe('Resentmentsnot started');
    const completed = panel().getByRole('checkbox', { name: 'Completed', exact: true });
    await visible(completed);
    expect(await completed.isDisabled()).toBe(true);
    await expectAccessible(page, 'inventory dialog (empty)');

    // Blank quick-adds are ignored.
    await panel()
      .getByLabel(/^Add a resentment/)
      .fill('   ');
    await panel().getByRole('button', { name: 'Add', exact: true }).click();
    await visible(panel().getByText('No entries yet.'));

    await quickAdd(page, /^Add a resentment/, `  ${SECRET.boss}  `);
    await quickAdd(page, /^Add a resentment/, SECRET.mother);
    expect(await panel().getByText('needs more detail', { exact: true }).count()).toBe(2);
    await completed.click();
    await visible(panel().getByText('There are entries in your inventory that are incomplete.'));
    expect(await completed.isChecked()).toBe(false);
    await shot(page, 'resentments-incomplete');

    await edit(
      SECRET.boss,
      { 'Why I am resentful': SECRET.bossWhy, 'How I feel': SECRET.bossFeeling, 'My part': SECRET.bossPart },
      ['Pride', 'Pocketbook'],
    );
    await expect.poll(() => panel().getByText('needs more detail', { exact: true }).count()).toBe(1);
    await edit(
      SECRET.mother,
      { 'Why I am resentful': SECRET.motherWhy, 'How I feel': 'sad', 'My part': 'silence' },
      ['Self-esteem'],
    );
    await expect.poll(() => panel().getByText('needs more detail', { exact: true }).count()).toBe(0);
    await markCompleted();
    await expect.poll(() => tab('Resentments').textContent()).toBe('Resentmentscomplete (2)');

    // Expandable details.
    await panel().getByRole('button', { name: SECRET.boss, exact: true }).click();
    await visible(panel().getByText('Pride, Pocketbook'));
    await shot(page, 'resentments-complete');

    await tab('Fears').click();
    await quickAdd(page, /^Add a fear/, SECRET.fear);
    await visible(panel().getByText('needs more detail', { exact: true }));
    await edit(SECRET.fear, { 'Why I have this fear': SECRET.fearWhy }, ['Emotional security']);
    await markCompleted();
    await expect.poll(() => tab('Fears').textContent()).toBe('Fearscomplete (1)');

    await tab('Harms Done').click();
    await quickAdd(page, /^Add a harm/, SECRET.harm);
    await visible(panel().getByText('needs more detail', { exact: true }));
    await edit(
      SECRET.harm,
      { 'How I harmed them': SECRET.harmHow, 'What could I have done differently': SECRET.harmAlt },
      ['Dishonest', 'Self-pity'],
    );
    await markCompleted();
    await expect.poll(() => tab('Harms Done').textContent()).toBe('Harms Donecomplete (1)');
    await shot(page, 'harms-complete');
    await expectAccessible(page, 'inventory dialog (harms, complete)');
  });

  it('keeps the dialog’s tabs in their place while a panel loads and from tab to tab', async () => {
    const { page } = env;
    // Opened at once on a slow connection: the inventories are still on their way.
    const inventoriesRead = '**/api/get_inventory_encrypted/**';
    const held: Route[] = [];
    await page.route(inventoriesRead, (route) => void held.push(route));
    await page.goto('/programs/saa/12-steps/step-4');
    await page.getByRole('button', { name: 'Open Step Four Inventories' }).click();
    const tabs = await visible(inventories().getByRole('tablist', { name: 'Inventories' }));
    await visible(panel().getByText('Loading your inventory...'));
    // Where the tabs are on the screen (the dialog does not scroll with the page), once it has opened.
    const place = () =>
      tabs.evaluate(async (el) => {
        const opening = el.closest('[role="dialog"]')?.getAnimations() ?? [];
        await Promise.all(opening.map((animation) => animation.finished));
        return Math.round(el.getBoundingClientRect().top);
      });
    const whileLoading = await place();
    await eventually(() => held.length).toBe(3);
    for (const route of held) await route.continue();
    await page.unroute(inventoriesRead);
    await visible(panel().getByRole('button', { name: SECRET.boss, exact: true }));
    // A tap aimed at the next tab while the list appears, or after a shorter list, must find it there.
    expect(await place()).toBe(whileLoading);
    await tab('Fears').click();
    await visible(panel().getByRole('button', { name: SECRET.fear, exact: true }));
    expect(await place()).toBe(whileLoading);
    await tab('Resentments').click();
    await visible(panel().getByRole('button', { name: SECRET.mother, exact: true }));
    expect(await place()).toBe(whileLoading);
  });

  it('downloads the CSV, starts over, and uploads the same file back', async () => {
    const { page } = env;
    await tab('Resentments').click();
    const downloading = page.waitForEvent('download');
    await panel().getByRole('button', { name: 'Download (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^resentments-inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    const dir = mkdtempSync(join(tmpdir(), 'sam-inventory-'));
    csvPath = join(dir, download.suggestedFilename());
    await download.saveAs(csvPath);
    csvText = readFileSync(csvPath, 'utf8');
    expect(csvText.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('who,why,feeling,impacts,myPart');
    expect(csvText).toContain(`"${SECRET.bossWhy.replaceAll('"', '""')}"`);
    expect(csvText).toContain('pride; pocketbook');

    await panel().getByRole('button', { name: 'Start Over' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: /^Start over/ }));
    await shot(page, 'start-over-confirm');
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/delete_inventory'));
    await confirm.getByRole('button', { name: 'Delete everything' }).click();
    await deleted;
    await visible(panel().getByText('No entries yet.'));
    await expect.poll(() => tab('Resentments').textContent()).toBe('Resentmentsnot started');

    // Bad files: each refused with its message.
    const input = panel().locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('who\nx') });
    await visible(panel().getByText('Error: Please select a CSV file. The file must have a .csv extension.'));
    await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    await visible(panel().getByText('The file appears to be empty or could not be read properly.'));
    await input.setInputFiles({ name: 'short.csv', mimeType: 'text/csv', buffer: Buffer.from('who,why\n') });
    await visible(panel().getByText(/^The file must have at least a header row and one data row/));
    // The failure message clears after 5 s.
    await hidden(panel().getByText(/^The file must have at least a header row/), 8000);

    const uploadDir = mkdtempSync(join(tmpdir(), 'sam-upload-'));
    const uploadPath = join(uploadDir, 'my-resentments.csv');
    writeFileSync(uploadPath, readFileSync(csvPath));
    await input.setInputFiles(uploadPath);
    const importing = await visible(page.getByRole('dialog', { name: 'Import 2 entries?' }));
    const saved = inventorySaved(page);
    await importing.getByRole('button', { name: 'Import', exact: true }).click();
    await saved;
    await visible(panel().getByText('Successfully imported 2 entries.'));
    await shot(page, 'imported');
    // The success message clears after 3 s.
    await hidden(panel().getByText('Successfully imported 2 entries.'), 6000);
    await expect.poll(() => tab('Resentments').textContent()).toBe('Resentmentsin progress (2)');
    expect(await panel().getByText('needs more detail', { exact: true }).count()).toBe(0);
    await panel().getByRole('button', { name: SECRET.boss, exact: true }).click();
    const details = panel().getByRole('listitem').filter({ hasText: SECRET.boss });
    expect(await details.locator('dd').allTextContents()).toEqual([
      SECRET.bossWhy,
      SECRET.bossFeeling,
      'Pride, Pocketbook',
      SECRET.bossPart,
    ]);
    await panel().getByRole('button', { name: SECRET.mother, exact: true }).click();
    await visible(panel().getByText(SECRET.motherWhy));
    await markCompleted();
  });

  it('shows the pills on step 4 and completes action 3 with both scheduling boxes', async () => {
    const { page } = env;
    await inventories().getByRole('button', { name: 'Close' }).click();
    await hidden(inventories());
    await expect
      .poll(() => pills().allTextContents())
      .toEqual(['Resentments: completed (2)', 'Fears: completed (1)', 'Harms Done: completed (1)']);
    await pills().first().scrollIntoViewIfNeeded();
    await shot(page, 'step-4-pills', { desktop: true });
    for (const label of [/date and time/i, /place/i]) {
      const box = page.getByRole('checkbox', { name: label });
      const saved = stepSaved(page);
      await box.click();
      await saved;
    }
    await tick(page, 3);
    await shot(page, 'step-4-done');
    await expectAccessible(page, 'step 4 with inventories');
  });

  it('sent only ciphertext', () => {
    const { traffic, pageErrors } = env;
    const saves = inventorySaveRequests(traffic);
    expect(saves.length).toBeGreaterThan(8);
    for (const save of saves) {
      const body = JSON.parse(save.split('\n').slice(2).join('\n')) as Record<string, unknown>;
      expect(body.encrypted).toBe(true);
      expect(typeof body.encryptedData).toBe('string');
      expect(Object.keys(body).sort()).toEqual(
        ['encrypted', 'encryptedData', 'entry_count', 'inventory_type', 'items', 'version'].sort(),
      );
    }
    const everything = traffic.join('\n');
    for (const secret of Object.values(SECRET)) {
      for (const piece of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]) {
        expect(everything.includes(piece), piece).toBe(false);
      }
    }
    expect(pageErrors).toEqual([]);
  });

  it('stays usable with 500 entries', async () => {
    const { page } = env;
    // Action 3 is done, so its section is collapsed.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('button', { name: 'Open Step Four Inventories' }).click();
    await visible(inventories());
    await tab('Harms Done').click();
    const rows = Array.from(
      { length: 500 },
      (_, i) => `Person ${i},"Took, ""things"" ${i}",greedy; selfish,Ask first ${i}`,
    );
    const saved = inventorySaved(page);
    await panel()
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'big.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`whoHarmed,how,defects,alternative\n${rows.join('\n')}\n`),
      });
    await (await visible(page.getByRole('dialog', { name: 'Import 500 entries?' })))
      .getByRole('button', { name: 'Replace', exact: true })
      .click();
    await saved;
    await visible(panel().getByText('Successfully imported 500 entries.'));
    await expect.poll(() => tab('Harms Done').textContent()).toBe('Harms Donein progress (500)');
    const started = Date.now();
    await panel()
      .getByLabel(/^Add a harm/)
      .pressSequentially('Typing stays quick', { delay: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
    await panel().getByRole('button', { name: 'Person 499', exact: true }).click();
    await visible(panel().getByText('Took, "things" 499'));
    await edit('Person 250', { 'What could I have done differently': 'Ask, and wait' }, []);
    await markCompleted();
    await expect.poll(() => tab('Harms Done').textContent()).toBe('Harms Donecomplete (500)');
  });

  it('reverts Completed and keeps the edit on a failed save; help; delete resets completion', async () => {
    const { page } = env;
    await tab('Fears').click();
    await panel().getByRole('button', { name: 'Help: Fears inventory' }).click();
    const help = await visible(page.getByRole('dialog', { name: 'The Fears inventory' }));
    await visible(help.getByText(/Add one entry for each fear/));
    await help.getByRole('button', { name: 'OK' }).click();
    await hidden(help);

    await page.route('**/api/save_inventory_encrypted', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    const completed = panel().getByRole('checkbox', { name: 'Completed', exact: true });
    const before = await completed.isChecked();
    await completed.click();
    // The checkbox goes back, and says so beside it.
    await visible(
      panel().getByText('Completed could not be saved, so it is back as it was. Please try again.'),
    );
    expect(await completed.isChecked()).toBe(before);

    await panel()
      .getByRole('button', { name: `Edit ${SECRET.fear}`, exact: true })
      .click();
    const form = await visible(panel().getByRole('form', { name: 'Edit entry' }));
    await form.getByLabel('My part', { exact: true }).fill('Kept on screen');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => form.getByLabel('My part', { exact: true }).inputValue()).toBe('Kept on screen');
    await visible(form.getByText(/^This entry is not saved yet/));
    // The failure is also shown under the quick-add field, with Retry.
    const failure = await visible(
      panel()
        .getByRole('alert')
        .filter({ hasText: /^Not saved: Failed to save your inventory/ }),
    );
    await visible(failure.getByRole('button', { name: 'Retry', exact: true }));
    await shot(page, 'save-failed');
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await panel()
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fears.csv', mimeType: 'text/csv', buffer: Buffer.from('fear\nHeights\n') });
    const importing = await visible(page.getByRole('dialog', { name: 'Import 1 entry?' }));
    await importing.getByRole('button', { name: 'Replace', exact: true }).click();
    await visible(importing.getByText('Import failed: boom'));
    await importing.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(importing);
    await visible(panel().getByRole('button', { name: `Edit ${SECRET.fear}`, exact: true }));
    await page.unroute('**/api/save_inventory_encrypted');
    await panel()
      .getByRole('button', { name: `Edit ${SECRET.fear}`, exact: true })
      .click();
    await form.getByLabel('My part', { exact: true }).fill('Kept on screen');
    const saved = inventorySaved(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
    await hidden(form);

    await panel()
      .getByRole('button', { name: `Delete ${SECRET.fear}`, exact: true })
      .click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete this entry?' }));
    const deleted = inventorySaved(page);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await deleted;
    await expect.poll(() => tab('Fears').textContent()).toBe('Fearsnot started');
    await expect.poll(() => completed.isChecked()).toBe(false);
    expect(await completed.isDisabled()).toBe(true);
  });
});
