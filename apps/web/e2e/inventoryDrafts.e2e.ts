/**
 * Nothing a person writes is lost outside the step pages, in a real Chromium against the real server: the
 * Step Four inventory dialog (focus on Edit and back after Save, Escape / a backdrop click / Cancel ask
 * before unsaved changes go, a closed dialog or a reload brings the entry back with "Draft restored", a
 * "why" at the 10,000-character limit is kept whole and an over-long one is refused with a message), the
 * Feedback dialog and the Edit profile form keep drafts, and logout deletes every draft. Drafts on the
 * device are encrypted: no typed text is ever in IndexedDB, localStorage or sessionStorage in plaintext,
 * and none leaves the browser (feedback only when it is submitted, as it is meant to).
 */
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { draftPlaces, storedOnDevice } from './support/deviceStorage.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  chooseMenuItem,
  dialog,
  eventually,
  hidden,
  logOut,
  newAccount,
  pageHeading,
  settle,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import {
  inventoriesDialog,
  inventoryPanel,
  inventorySaved,
  inventorySaveRequests,
  openInventories,
  stepUrl,
} from './support/stepPages.ts';

const env = e2eEnvironment();
const shot = screenshots('inventory-drafts');
const account = newAccount('inventory-drafts', 'Robin');
const unique = Date.now().toString(36);
const LIMIT = 10_000;

/** Typed in the forms: none may be on the device in plaintext, and none but feedback may leave the browser. */
const TYPED = {
  who: `Neighbour ${unique} Osprey`,
  feeling: `Slighted ${unique} lichen`,
  why: `Parked across my drive ${unique} again`,
  myPart: `Never asked ${unique} plainly`,
  cancelled: `Let it go ${unique} marten`,
  long: `Long why ${unique} `,
  logout: `Before logout ${unique} sorrel`,
  bio: `Bio draft ${unique} meadowlark`,
  quickAdded: `Landlord ${unique} heron`,
  slowAdded: `Old friend ${unique} kestrel`,
};
const FEEDBACK = `Feedback draft ${unique} lantern`;

const ENTRY_DRAFT = 'inventory:resentments:entry:';
const inventories = inventoriesDialog;
const panel = inventoryPanel;
const entryForm = (page: Page) => panel(page).getByRole('form', { name: 'Edit entry' });
const editButton = (page: Page, name: string) =>
  panel(page).getByRole('button', { name: `Edit ${name}`, exact: true });
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });
const whoField = (form: Locator) => form.getByLabel('Who or what I resent (required)', { exact: true });
const closePrompt = (page: Page) => dialog(page, 'Close without saving?');
const closeAnyway = (prompt: Locator) => prompt.getByRole('button', { name: 'Close anyway' });
const inventorySaves = () => inventorySaveRequests(env.traffic).length;
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
/** Focus is back in the inventory dialog: the prompt above it is fully gone and it takes clicks again. */
const backInDialog = (page: Page) =>
  eventually(() => inventories(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);

/** The entry drafts kept on this device (one place per entry being edited). */
async function entryDrafts(page: Page): Promise<string[]> {
  return (await draftPlaces(page)).filter((place) => place.startsWith(ENTRY_DRAFT));
}

/** Nothing of `texts` is on the device in plaintext (only ciphertext is kept). */
async function expectNoPlaintextOnDevice(page: Page, texts: string[]): Promise<void> {
  const stored = await storedOnDevice(page);
  for (const text of texts) expect(stored.includes(text), `"${text}" on the device`).toBe(false);
}

/** Step 4, freshly loaded, with the inventory dialog open (each test starts here, whatever the last one left). */
async function openStepFourInventories(page: Page): Promise<Locator> {
  await page.goto(stepUrl(4));
  return openInventories(page);
}

/** Runs `act` (a reload) and accepts the browser's own "leave site?" prompt it must raise. */
async function acceptingLeavePrompt(page: Page, act: () => Promise<unknown>): Promise<void> {
  const asked = page.waitForEvent('dialog').then(async (d) => {
    const type = d.type();
    await d.accept();
    return type;
  });
  await act();
  expect(await asked).toBe('beforeunload');
}

describe('drafts in the inventory dialog, feedback and profile', () => {
  it('focuses the first field on Edit, and the row’s Edit button after Save', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    await openStepFourInventories(page);
    const saved = inventorySaved(page);
    await panel(page)
      .getByLabel(/^Add a resentment/)
      .fill(TYPED.who);
    await panel(page).getByRole('button', { name: 'Add', exact: true }).click();
    await saved;

    await (await visible(editButton(page, TYPED.who))).click();
    const form = await visible(entryForm(page));
    await eventually(() => isFocused(whoField(form))).toBe(true);
    await field(form, 'How I feel').fill(TYPED.feeling);
    const savedEntry = inventorySaved(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await savedEntry;
    await hidden(form);
    await eventually(() => isFocused(editButton(page, TYPED.who))).toBe(true);
    expect(await entryDrafts(page)).toEqual([]);
  });

  it('asks before Escape or a backdrop click closes unsaved changes, and brings them back after reopening and a reload', async () => {
    const { page } = env;
    await openStepFourInventories(page);
    await editButton(page, TYPED.who).click();
    let form = await visible(entryForm(page));
    await field(form, 'Why I am resentful').fill(TYPED.why);
    await eventually(() => entryDrafts(page)).toHaveLength(1);
    await expectNoPlaintextOnDevice(page, [TYPED.why]);

    // Escape asks; Keep editing keeps the dialog, the form and the text.
    await page.keyboard.press('Escape');
    let prompt = await visible(closePrompt(page));
    await visible(prompt.getByText(/kept as a draft on this device/));
    await expectAccessible(page, 'the close prompt of the inventory dialog');
    await shot(page, 'close-prompt');
    // The safe answer has focus, so Enter keeps the writing.
    await eventually(() => isFocused(prompt.getByRole('button', { name: 'Keep editing' }))).toBe(true);
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await hidden(prompt);
    await visible(inventories(page));
    expect(await field(form, 'Why I am resentful').inputValue()).toBe(TYPED.why);

    // Escape again, and Close: the dialog closes; the draft stays.
    await page.keyboard.press('Escape');
    prompt = await visible(closePrompt(page));
    await closeAnyway(prompt).click();
    await hidden(inventories(page));
    expect(await entryDrafts(page)).toHaveLength(1);

    // Reopened: the same entry, in its form, with the draft.
    await openInventories(page);
    form = await visible(entryForm(page));
    await visible(form.getByRole('status').filter({ hasText: 'Draft restored' }));
    expect(await whoField(form).inputValue()).toBe(TYPED.who);
    expect(await field(form, 'How I feel').inputValue()).toBe(TYPED.feeling);
    await eventually(() => field(form, 'Why I am resentful').inputValue()).toBe(TYPED.why);
    await expectAccessible(page, 'an entry form with a restored draft');
    await shot(page, 'entry-draft-restored');

    // A click on the backdrop asks like Escape does.
    await page.mouse.click(4, 370);
    prompt = await visible(closePrompt(page));
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await hidden(prompt);
    await visible(inventories(page));
    await backInDialog(page);
    await page.mouse.click(4, 370);
    prompt = await visible(closePrompt(page));
    await closeAnyway(prompt).click();
    await hidden(inventories(page));

    // A reload (with the form open and changed, the browser asks first) and reopening bring it back too.
    await openInventories(page);
    await visible(entryForm(page));
    await acceptingLeavePrompt(page, () => page.reload());
    await openInventories(page);
    form = await visible(entryForm(page));
    await visible(form.getByText('Draft restored'));
    await eventually(() => field(form, 'Why I am resentful').inputValue()).toBe(TYPED.why);
    await expectNoPlaintextOnDevice(page, [TYPED.why]);

    // Save clears the draft, and what was saved is the entry now.
    const saved = inventorySaved(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
    await hidden(form);
    await eventually(() => entryDrafts(page)).toEqual([]);
    await panel(page).getByRole('button', { name: TYPED.who, exact: true }).click();
    await visible(panel(page).getByText(TYPED.why, { exact: true }));
    expect(env.pageErrors).toEqual([]);
  });

  it('asks before Cancel discards changes to an entry; Keep editing keeps them', async () => {
    const { page } = env;
    await openStepFourInventories(page);
    // Without changes, Cancel just closes.
    await editButton(page, TYPED.who).click();
    let form = await visible(entryForm(page));
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(form);
    expect(await dialog(page, 'Discard your changes to this entry?').count()).toBe(0);

    await editButton(page, TYPED.who).click();
    form = await visible(entryForm(page));
    await field(form, 'My part').fill(TYPED.cancelled);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    let ask = await visible(dialog(page, 'Discard your changes to this entry?'));
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await hidden(ask);
    expect(await field(form, 'My part').inputValue()).toBe(TYPED.cancelled);

    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    ask = await visible(dialog(page, 'Discard your changes to this entry?'));
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await hidden(form);
    await eventually(() => entryDrafts(page)).toEqual([]);
    await editButton(page, TYPED.who).click();
    form = await visible(entryForm(page));
    expect(await field(form, 'My part').inputValue()).toBe('');
    expect(await form.getByText('Draft restored').count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(form);
  });

  it('closes after an entry is added without asking, once its save is done; asks when the save takes too long', async () => {
    const { page } = env;
    const saves = '**/api/save_inventory_encrypted';
    const held: Route[] = [];
    const addHeld = async (name: string) => {
      await panel(page)
        .getByLabel(/^Add a resentment/)
        .fill(name);
      await panel(page).getByRole('button', { name: 'Add', exact: true }).click();
      await eventually(() => held.length).toBe(1);
    };
    const release = async () => {
      const route = held.pop();
      await route?.continue();
    };
    let box = await openStepFourInventories(page);
    await page.route(saves, (route) => void held.push(route));
    await addHeld(TYPED.quickAdded);
    // Closed while the entry's save is on its way: the dialog waits for it instead of saying it is not saved.
    await page.keyboard.press('Escape');
    await settle(page);
    expect(await closePrompt(page).count()).toBe(0);
    const saved = inventorySaved(page);
    await release();
    await saved;
    await hidden(box);
    expect(await closePrompt(page).count()).toBe(0);

    // A save that does not come back within a few seconds: the dialog asks, and the entry is saved anyway.
    box = await openStepFourInventories(page);
    await addHeld(TYPED.slowAdded);
    await page.keyboard.press('Escape');
    const prompt = await visible(closePrompt(page), 15_000);
    const slowSaved = inventorySaved(page);
    await release();
    await page.unroute(saves);
    await slowSaved;
    await closeAnyway(prompt).click();
    await hidden(box);
    box = await openStepFourInventories(page);
    await visible(panel(page).getByRole('button', { name: TYPED.slowAdded, exact: true }));
    await visible(panel(page).getByRole('button', { name: TYPED.quickAdded, exact: true }));
  });

  it('keeps a why of 10,000 characters whole, and refuses a longer one with a message naming the field', async () => {
    const { page } = env;
    await openStepFourInventories(page);
    const typed = TYPED.long.padEnd(LIMIT + 1, 'w');
    await editButton(page, TYPED.who).click();
    let form = await visible(entryForm(page));
    let why = field(form, 'Why I am resentful');
    await why.fill(typed);
    // The field takes the limit and says so.
    expect(await why.inputValue()).toBe(typed.slice(0, LIMIT));
    await visible(form.getByText('10,000 of 10,000 characters: this is the limit', { exact: true }));
    const saved = inventorySaved(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
    await hidden(form);

    await page.reload();
    await openInventories(page);
    await editButton(page, TYPED.who).click();
    form = await visible(entryForm(page));
    why = field(form, 'Why I am resentful');
    await eventually(() => why.inputValue()).toBe(typed.slice(0, LIMIT));
    await visible(form.getByText('10,000 of 10,000 characters: this is the limit', { exact: true }));

    // An older client without the limit on the field: Save refuses, sends nothing, and keeps the text.
    await why.evaluate((el) => el.removeAttribute('maxlength'));
    await why.fill(typed);
    expect(await why.inputValue()).toBe(typed);
    const savesBefore = inventorySaves();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(
      form.getByText(
        '"Why I am resentful" is 10,001 characters long; the limit is 10,000. Please shorten it by 1 character to save it.',
        { exact: true },
      ),
    );
    expect(await why.inputValue()).toBe(typed);
    await visible(form);
    expect(inventorySaves()).toBe(savesBefore);

    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog(page, 'Discard your changes to this entry?')
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await hidden(form);
    await eventually(() => entryDrafts(page)).toEqual([]);
    await inventories(page).getByRole('button', { name: 'Close', exact: true }).click();
    await hidden(inventories(page));
  });

  it('keeps unsent feedback as a draft until it is submitted', async () => {
    const { page } = env;
    await page.goto('/programs/saa/12-steps');
    await visible(pageHeading(page, "Working SAA's 12 Steps"));
    await chooseMenuItem(page, 'Feedback');
    let form = await visible(dialog(page, 'Feedback'));
    await form.getByLabel('Your feedback').fill(FEEDBACK);
    await eventually(() => draftPlaces(page)).toContain('feedback');
    await expectNoPlaintextOnDevice(page, [FEEDBACK]);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await hidden(form);

    await chooseMenuItem(page, 'Feedback');
    form = await visible(dialog(page, 'Feedback'));
    await visible(form.getByRole('status').filter({ hasText: 'Draft restored' }));
    await eventually(() => form.getByLabel('Your feedback').inputValue()).toBe(FEEDBACK);
    // Feedback is not encrypted, so it leaves the browser when submitted, and not before.
    expect(env.traffic.some((t) => t.includes(FEEDBACK))).toBe(false);
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(form.getByText('Thank you!'));
    await eventually(() => draftPlaces(page)).not.toContain('feedback');
    await hidden(form, 10_000);
  });

  it('keeps an unsaved bio over a reload of /profile, and asks before Cancel discards it', async () => {
    const { page } = env;
    await page.goto('/profile');
    await visible(pageHeading(page, 'My Profile'));
    await (await visible(page.getByRole('button', { name: 'Edit Profile' }), 15_000)).click();
    let form = await visible(page.getByRole('form', { name: 'Edit profile' }));
    await form.getByLabel('Bio').fill(TYPED.bio);
    await eventually(() => draftPlaces(page)).toContain('profile');
    await expectNoPlaintextOnDevice(page, [TYPED.bio]);

    const accept = (d: { accept(): Promise<void> }) => void d.accept();
    page.on('dialog', accept);
    await page.reload();
    page.off('dialog', accept);
    await visible(pageHeading(page, 'My Profile'));
    await (await visible(page.getByRole('button', { name: 'Edit Profile' }), 15_000)).click();
    form = await visible(page.getByRole('form', { name: 'Edit profile' }));
    await visible(form.getByRole('status').filter({ hasText: 'Draft restored' }));
    await eventually(() => form.getByLabel('Bio').inputValue()).toBe(TYPED.bio);

    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    let ask = await visible(dialog(page, 'Discard your changes?'));
    await ask.getByRole('button', { name: 'Keep the draft' }).click();
    await hidden(ask);
    expect(await form.getByLabel('Bio').inputValue()).toBe(TYPED.bio);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    ask = await visible(dialog(page, 'Discard your changes?'));
    await ask.getByRole('button', { name: 'Discard', exact: true }).click();
    await hidden(form);
    await eventually(() => draftPlaces(page)).not.toContain('profile');
    expect(await page.getByText(TYPED.bio).count()).toBe(0);
  });

  it('deletes every draft at logout, even without the server’s Clear-Site-Data, and sent no typed text', async () => {
    const { page } = env;
    // Drafts in three places: an entry, a new entry, and the profile.
    await openStepFourInventories(page);
    await editButton(page, TYPED.who).click();
    const form = await visible(entryForm(page));
    await field(form, 'My part').fill(TYPED.logout);
    await panel(page)
      .getByLabel(/^Add a resentment/)
      .fill(`${TYPED.logout} quick`);
    await eventually(async () => (await draftPlaces(page)).sort()).toEqual(
      [expect.stringMatching(new RegExp(`^${ENTRY_DRAFT}`)), 'inventory:resentments:new-entry'].sort(),
    );
    await page.keyboard.press('Escape');
    await closeAnyway(await visible(closePrompt(page))).click();
    await hidden(inventories(page));
    await page.goto('/profile');
    await (await visible(page.getByRole('button', { name: 'Edit Profile' }), 15_000)).click();
    await page.getByRole('form', { name: 'Edit profile' }).getByLabel('Bio').fill(TYPED.logout);
    await eventually(() => draftPlaces(page)).toContain('profile');
    expect(await draftPlaces(page)).toHaveLength(3);
    await expectNoPlaintextOnDevice(page, [TYPED.logout]);

    // The browser would wipe site data on the server's word; the app must not rely on it.
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['clear-site-data'];
      await route.fulfill({ response, headers });
    });
    // Drafts that only live on this device: Logout asks before it deletes them.
    await logOut(page, { unsavedWriting: true });
    await page.unroute('**/api/auth/logout');
    expect(await draftPlaces(page)).toEqual([]);
    await expectNoPlaintextOnDevice(page, Object.values(TYPED));

    // Nothing typed here ever left the browser: the inventory went as ciphertext, the bio was never saved.
    expect(inventorySaves()).toBeGreaterThanOrEqual(4);
    const everything = env.traffic.join('\n');
    for (const text of Object.values(TYPED)) {
      for (const piece of [text, JSON.stringify(text).slice(1, -1), encodeURIComponent(text)]) {
        expect(everything.includes(piece), piece).toBe(false);
      }
    }
    // The control: the feedback left, once, in the request that was meant to carry it.
    expect(env.traffic.filter((t) => t.includes(FEEDBACK)).map((t) => t.split('\n')[0])).toEqual([
      `POST ${env.server.baseUrl}/api/feedback`,
    ]);
    expect(env.pageErrors).toEqual([]);
  });
});
