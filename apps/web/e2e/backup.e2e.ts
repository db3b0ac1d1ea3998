/**
 * Backup, restore and clear in a real Chromium against the real server: nothing to back up at first, then
 * step answers, an action and one entry in each inventory; a backup downloaded (the file holds no typed
 * text and names no program), Clear Progress with a typed 'clear' and the password (a wrong one clears
 * nothing), what it removed kept under Earlier writing, the file restored to exactly the same steps and
 * inventories, bad files and another person's file refused with the spec's messages, and the overwrite rule
 * with what is newer than the file named first. axe runs on every dialog.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { draftPlaces } from './support/deviceStorage.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  chooseMenuItem,
  dialog,
  eventually,
  hidden,
  menuButton,
  newAccount,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import {
  inventoriesDialog,
  inventoryTab,
  openInventories,
  quickAdd,
  stepSaved,
  stepUrl,
} from './support/stepPages.ts';

const env = e2eEnvironment();
const shot = screenshots('backup');
const account = newAccount('backup', 'Jo');
const unique = Date.now().toString(36);
const SECRET = {
  answer: `Fear of change ${unique} osprey`,
  resentment: `Landlord ${unique} Finch`,
  fear: `Losing work ${unique} Wren`,
  harm: `My friend ${unique} Teal`,
};
const MESSAGES = {
  decrypt: 'Failed to decrypt backup data. This file may be corrupted or from a different user.',
  metadata: 'Invalid backup file: Missing metadata',
  format: 'Invalid backup file format',
  overwrite: 'Please check "Overwrite existing progress" to continue, or clear your current data first',
};
const files = mkdtempSync(join(tmpdir(), 'sam-backup-e2e-'));
let backupPath = '';

const question = (page: Page) => page.getByLabel(/^2\. What fears come up/);
const inventories = inventoriesDialog;
const tab = inventoryTab;

async function openBackupMenu(page: Page): Promise<Locator> {
  await chooseMenuItem(page, 'Backup & Restore');
  const box = await visible(dialog(page, 'Backup & Restore'));
  await visible(box.getByRole('button', { name: 'Backup Progress' }), 15_000);
  return box;
}

async function openRestore(page: Page): Promise<Locator> {
  const menu = await openBackupMenu(page);
  await menu.getByRole('button', { name: 'Restore Progress' }).click();
  return visible(dialog(page, 'Restore Progress'));
}

async function chooseFile(box: Locator, name: string, text: string): Promise<void> {
  await box
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** Waits for the reload a finished restore or clear asks for, and for the signed-in page after it. */
async function reloaded(page: Page, act: () => Promise<void>): Promise<void> {
  const load = page.waitForEvent('load', { timeout: 20_000 });
  await act();
  await load;
  await visible(menuButton(page), 15_000);
}

/**
 * As the signed-in page: PUT saves the check-in of 2026-01-15 with `ciphertext` (resolves with the status),
 * GET resolves with how many check-ins the account has.
 */
function checkInRequest(page: Page, method: 'PUT' | 'GET', ciphertext = ''): Promise<number> {
  return page.evaluate(
    async ({ method, ciphertext }) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('auth_token')}`,
        'content-type': 'application/json',
      };
      if (method === 'PUT') {
        const saved = await fetch('/api/check-ins/2026-01-15', {
          method,
          headers,
          body: JSON.stringify({ ciphertext }),
        });
        return saved.status;
      }
      const listed = await fetch('/api/check-ins', { headers });
      return ((await listed.json()) as { checkIns: unknown[] }).checkIns.length;
    },
    { method, ciphertext },
  );
}

/** The titles of the writing kept aside, as Profile → Earlier writing lists them. */
async function keptAsideTitles(page: Page): Promise<string[]> {
  await page.goto('/profile');
  await visible(page.getByRole('heading', { name: 'Earlier writing' }), 15_000);
  return page
    .getByRole('list', { name: 'Earlier writing kept aside' })
    .getByRole('listitem')
    .locator('p:first-child')
    .allTextContents();
}

/** Adds an entry to one inventory of the open dialog. */
async function addEntry(page: Page, tabName: string, label: RegExp, text: string): Promise<void> {
  await tab(page, tabName).click();
  await quickAdd(page, label, text);
}

/** What the pages show of the user's work: step 3's answer and action 1, and each inventory's entries. */
async function visibleWork(page: Page) {
  await page.goto('/programs/saa/12-steps/step-3');
  const box = await visible(question(page), 15_000);
  await eventually(() => page.getByRole('checkbox', { name: /^1\. / }).isEnabled()).toBe(true);
  const answer = await box.inputValue();
  const ticked = await page.getByRole('checkbox', { name: /^1\. / }).isChecked();
  await page.goto(stepUrl(4));
  await openInventories(page);
  const entries: Record<string, string[]> = {};
  for (const name of ['Resentments', 'Fears', 'Harms Done']) {
    await tab(page, name).click();
    await eventually(() => tab(page, name).textContent()).toMatch(/(not started|\(\d+\))$/);
    // The tab's own list has loaded (its pill comes from another request).
    await visible(
      inventories(page)
        .getByRole('tabpanel')
        .getByText(/^(No entries yet\.|\d+ entr)/),
    );
    entries[name] = await inventories(page)
      .getByRole('tabpanel')
      .getByRole('button', { name: /^Edit / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  }
  await inventories(page).getByRole('button', { name: 'Close', exact: true }).click();
  await hidden(inventories(page));
  return { answer, ticked, entries };
}

describe('backup, restore and clear', () => {
  it('has nothing to back up or clear for a new account', async () => {
    const { page } = env;
    // Headless Chromium has no save dialog to answer: the plain download is the way under test.
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await signUp(page, env.mail, account);
    const menu = await openBackupMenu(page);
    await visible(menu.getByRole('combobox', { name: 'Program and track' }));
    await visible(menu.getByText('More programs coming soon'));
    expect(await menu.getByRole('button', { name: 'Clear Progress' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'backup and restore dialog');
    await shot(page, 'menu-empty');
    await menu.getByRole('button', { name: 'Backup Progress' }).click();
    const none = await visible(dialog(page, 'No Data to Backup'));
    await expectAccessible(page, 'no data to backup dialog');
    await none.getByRole('button', { name: 'OK' }).click();
    await (await visible(dialog(page, 'Backup & Restore')))
      .getByRole('button', { name: 'Close', exact: true })
      .click();
  });

  it('backs up step work and inventories to a file that holds none of the typed text', async () => {
    const { page } = env;
    await page.goto('/programs/saa/12-steps/step-3');
    await (await visible(question(page), 15_000)).fill(SECRET.answer);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('Answers saved'));
    const box = page.getByRole('checkbox', { name: /^1\. / });
    const saved = stepSaved(page);
    await box.click();
    await saved;
    await page.goto(stepUrl(4));
    await openInventories(page);
    await addEntry(page, 'Resentments', /^Add a resentment/, SECRET.resentment);
    await addEntry(page, 'Fears', /^Add a fear/, SECRET.fear);
    await addEntry(page, 'Harms Done', /^Add a harm/, SECRET.harm);
    await inventories(page).getByRole('button', { name: 'Close', exact: true }).click();

    const menu = await openBackupMenu(page);
    expect(await menu.getByRole('button', { name: 'Clear Progress' }).isEnabled()).toBe(true);
    await shot(page, 'menu');
    await menu.getByRole('button', { name: 'Backup Progress' }).click();
    const form = await visible(dialog(page, 'Backup Progress'));
    const name = form.getByLabel('File name');
    expect(await name.inputValue()).toMatch(/^backup-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.json$/);
    await name.fill('  ');
    await visible(form.getByText('Please enter a filename'));
    expect(await form.getByRole('button', { name: 'Backup', exact: true }).isDisabled()).toBe(true);
    await name.fill('my-sam-backup');
    await visible(form.getByRole('checkbox', { name: 'Clear data after backup' }));
    await expectAccessible(page, 'backup dialog');
    await shot(page, 'backup');

    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Backup', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('my-sam-backup.json');
    backupPath = join(files, 'mine.json');
    await file.saveAs(backupPath);
    await visible(form.getByText('Backup completed successfully: my-sam-backup.json'));
    await shot(page, 'backup-done');
    await form.getByRole('button', { name: 'OK' }).click();
    await hidden(form);

    const text = readFileSync(backupPath, 'utf8');
    for (const secret of Object.values(SECRET)) expect(text).not.toContain(secret);
    const json = JSON.parse(text);
    // Nothing in the clear says what the file is about: only when it was made and its format.
    expect(json.metadata).toEqual({ exportDate: expect.any(String), formatVersion: 2, encrypted: true });
    expect(text).not.toMatch(/SAA|12-steps|program|track/i);
    expect(json.encryptedData).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('clears everything after "clear" and the password are typed, keeping the writing aside', async () => {
    const { page } = env;
    const before = await visibleWork(page);
    expect(before).toMatchObject({ answer: SECRET.answer, ticked: true });
    // A draft on this device (feedback typed, not sent) goes with the rest.
    await chooseMenuItem(page, 'Feedback');
    const feedback = await visible(dialog(page, 'Feedback'));
    await feedback.getByLabel('Your feedback').fill('Not sent yet');
    await eventually(() => draftPlaces(page)).toEqual(['feedback']);
    await feedback.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(feedback);
    const menu = await openBackupMenu(page);
    await menu.getByRole('button', { name: 'Clear Progress' }).click();
    const box = await visible(dialog(page, 'Clear Progress'));
    const button = box.getByRole('button', { name: 'Clear All Data' });
    expect(await button.isDisabled()).toBe(true);
    const confirm = box.getByLabel('Type "clear" to confirm');
    await confirm.fill('cleat');
    await confirm.blur();
    await visible(box.getByText('Please type "clear" to confirm'));
    await confirm.fill('CLEAR');
    // A signed-in device alone cannot clear: the password too.
    expect(await button.isDisabled()).toBe(true);
    const password = box.getByLabel('Your password');
    await password.fill(`${account.password} not quite`);
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    await visible(box.getByText('Your current password is not right.'));
    await expectAccessible(page, 'clear progress dialog');
    await shot(page, 'clear');
    await password.fill(account.password);
    await reloaded(page, async () => {
      await button.click();
      await visible(box.getByText('All data cleared.'));
      await hidden(box, 5000);
    });
    expect(await draftPlaces(page)).toEqual([]);
    const after = await visibleWork(page);
    expect(after).toEqual({
      answer: '',
      ticked: false,
      entries: { Resentments: [], Fears: [], 'Harms Done': [] },
    });
    // What the clear removed waits under Earlier writing, where it can be put back.
    expect(await keptAsideTitles(page)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Step Three/),
        'Resentments inventory',
        'Fears inventory',
        'Harms Done inventory',
      ]),
    );
    await expectAccessible(page, 'earlier writing after a clear');
    await shot(page, 'cleared-kept-aside', {
      scrollTo: page.getByRole('heading', { name: 'Earlier writing' }),
    });
  });

  it('refuses bad files with the spec messages', async () => {
    const { page } = env;
    const box = await openRestore(page);
    await expectAccessible(page, 'restore dialog');
    const metadata = JSON.parse(readFileSync(backupPath, 'utf8')).metadata;
    const cases: Array<[string, string]> = [
      [JSON.stringify({ encryptedData: 'AAAA' }), MESSAGES.metadata],
      ['this is not json', MESSAGES.format],
      [JSON.stringify({ metadata }), MESSAGES.format],
      [JSON.stringify({ metadata, encryptedData: 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldY' }), MESSAGES.decrypt],
    ];
    for (const [text, message] of cases) {
      await chooseFile(box, 'bad.json', text);
      await visible(box.getByText(message, { exact: true }));
    }
    await shot(page, 'restore-bad-file');
    await box.getByRole('button', { name: 'Cancel' }).click();
    await (await visible(dialog(page, 'Backup & Restore')))
      .getByRole('button', { name: 'Close', exact: true })
      .click();
  });

  it('restores exactly the same steps and inventories from the file', async () => {
    const { page } = env;
    const box = await openRestore(page);
    expect(await box.getByText(/You already have progress saved/).count()).toBe(0);
    await chooseFile(box, 'mine.json', readFileSync(backupPath, 'utf8'));
    const preview = await visible(dialog(page, 'Restore Preview'));
    await visible(preview.getByText('Step 3', { exact: true }));
    const rows = await preview.locator('dl > div').allTextContents();
    expect(rows.slice(0, 2)).toEqual(['ProgramSAA', 'Track12 Steps']);
    // The date with the time, as this browser writes them (en-US here): 'Mar 5, 2026, 10:30 PM'.
    expect(rows[2]).toMatch(/^Backup date[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(rows.slice(3)).toEqual([
      'Steps with dataStep 3',
      'Resentments1 entry',
      'Fears1 entry',
      'Harms Done1 entry',
      'Three circlesNone',
      'Abstinence datesNone',
      'Check-insNone',
    ]);
    expect(await preview.getByRole('checkbox', { name: 'Overwrite existing progress' }).count()).toBe(0);
    await expectAccessible(page, 'restore preview dialog');
    await shot(page, 'restore-preview', { desktop: true });
    await reloaded(page, () => preview.getByRole('button', { name: 'Restore Data' }).click());
    const work = await visibleWork(page);
    expect(work.answer).toBe(SECRET.answer);
    expect(work.ticked).toBe(true);
    expect(work.entries).toEqual({
      Resentments: [`Edit ${SECRET.resentment}`],
      Fears: [`Edit ${SECRET.fear}`],
      'Harms Done': [`Edit ${SECRET.harm}`],
    });
  });

  it('asks for "Overwrite existing progress" when data exists, naming what is newer than the file', async () => {
    const { page } = env;
    // An answer saved after the backup was made.
    await page.goto('/programs/saa/12-steps/step-3');
    await (await visible(question(page), 15_000)).fill(`${SECRET.answer} and more`);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('Answers saved'));
    const keptBefore = (await keptAsideTitles(page)).length;
    const box = await openRestore(page);
    await visible(box.getByText(/You already have progress saved/));
    await chooseFile(box, 'mine.json', readFileSync(backupPath, 'utf8'));
    const preview = await visible(dialog(page, 'Restore Preview'));
    await visible(
      preview.getByText(
        '1 step was saved after this backup was made: Step 3. A restore replaces this newer writing.',
      ),
    );
    await visible(preview.getByText(/is kept under Earlier writing in Profile/));
    const overwrite = await visible(preview.getByRole('checkbox', { name: 'Overwrite existing progress' }));
    await preview.getByRole('button', { name: 'Restore Data' }).click();
    await visible(preview.getByText(MESSAGES.overwrite, { exact: true }));
    await expectAccessible(page, 'restore preview with overwrite');
    await shot(page, 'restore-overwrite');
    await overwrite.click();
    await reloaded(page, () => preview.getByRole('button', { name: 'Restore Data' }).click());
    expect((await visibleWork(page)).answer).toBe(SECRET.answer);
    // What the restore replaced (step 3 and the three inventories) is kept aside, not lost.
    expect((await keptAsideTitles(page)).length).toBe(keptBefore + 4);
  });

  it("refuses another person's backup file", async () => {
    const context = await env.newContext();
    const other = await context.newPage();
    await signUp(other, env.mail, newAccount('backup-other', 'Lee'));
    const box = await openRestore(other);
    await chooseFile(box, 'theirs.json', readFileSync(backupPath, 'utf8'));
    await visible(box.getByText(MESSAGES.decrypt, { exact: true }));
    await context.close();
  });

  it('on a phone that shares: tips, Backup & Share falling back to a download, and clear after backup', async () => {
    const context = await env.newContext();
    const phone = await context.newPage();
    await phone.addInitScript(() => {
      const w = window as unknown as { sharedFiles: string[] };
      w.sharedFiles = [];
      Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 });
      Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: { files: File[] }) => {
          w.sharedFiles.push(...data.files.map((f) => f.name));
          throw new DOMException('Sharing is not allowed here', 'NotAllowedError');
        },
      });
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    const phoneAccount = newAccount('backup-phone', 'Kai');
    await signUp(phone, env.mail, phoneAccount);
    await phone.goto(stepUrl(4));
    await openInventories(phone);
    await addEntry(phone, 'Fears', /^Add a fear/, SECRET.fear);
    await inventories(phone).getByRole('button', { name: 'Close', exact: true }).click();
    // A check-in saved as the page saves one (a ciphertext; this one no key of the account made).
    expect(await checkInRequest(phone, 'PUT', btoa('a check-in, sealed'.repeat(4)))).toBe(200);

    const menu = await openBackupMenu(phone);
    await visible(menu.getByRole('region', { name: 'Tips for phones' }));
    await expectAccessible(phone, 'backup and restore dialog with phone tips');
    await shot(phone, 'menu-phone-tips');
    await menu.getByRole('button', { name: 'Backup Progress' }).click();
    const form = await visible(dialog(phone, 'Backup Progress'));
    await form.getByRole('checkbox', { name: 'Clear data after backup' }).click();
    expect(await form.getByRole('button', { name: 'Backup & Share' }).isDisabled()).toBe(true);
    await form.getByLabel('Your password').fill(phoneAccount.password);
    await expectAccessible(phone, 'backup dialog clearing after');
    const download = phone.waitForEvent('download');
    await form.getByRole('button', { name: 'Backup & Share' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^backup-\d{4}-.*\.json$/);
    expect(await phone.evaluate(() => (window as unknown as { sharedFiles: string[] }).sharedFiles)).toEqual([
      file.suggestedFilename(),
    ]);
    await visible(form.getByText('Backup completed and data in application cleared'));
    await shot(phone, 'backup-cleared');
    await reloaded(phone, () => form.getByRole('button', { name: 'OK' }).click());
    const after = await openBackupMenu(phone);
    expect(await after.getByRole('button', { name: 'Clear Progress' }).isDisabled()).toBe(true);
    expect(await checkInRequest(phone, 'GET')).toBe(0);

    // The check-in the clear removed waits under Earlier writing, and goes back from there.
    await phone.goto('/profile');
    const tools = await visible(
      phone.getByRole('list', { name: 'Circles, abstinence dates and check-ins kept aside' }),
      15_000,
    );
    await visible(
      tools.getByText(/Kept aside on .* · 0 circles versions · no abstinence dates · 1 check-in$/),
    );
    await expectAccessible(phone, 'circles and check-ins kept aside');
    await tools.getByRole('button', { name: /^Put back / }).click();
    const confirm = await visible(dialog(phone, 'Put these back?'));
    await expectAccessible(phone, 'put back circles and check-ins dialog');
    await confirm.getByRole('button', { name: 'Put back' }).click();
    await hidden(tools, 15_000);
    expect(await checkInRequest(phone, 'GET')).toBe(1);
    await context.close();
  });
});
