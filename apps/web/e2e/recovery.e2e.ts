/**
 * Writing locked by an earlier key, in a real Chromium against the real server: a person writes, resets
 * their password by e-mailed code and chooses Start fresh. The step and the inventory say what happened
 * (never "Failed to decrypt data"); one step is started over, and days later the old password unlocks the
 * rest from Profile, where the earlier version of the restarted step is read, put back and deleted. Also:
 * a wrong password changes nothing, and the recovery code of before the reset unlocks too.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  type Account,
  dialog,
  eventually,
  hidden,
  logOut,
  newAccount,
  pageHeading,
  resetPasswordByEmail,
  signIn,
  signInAfterReset,
  signUp,
  startFresh,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import {
  inventoriesDialog,
  inventoryPanel,
  inventorySaved,
  openInventories,
  stepSaved,
  stepUrl,
} from './support/stepPages.ts';
import { saveUnreadableStep } from './support/stepSaves.ts';

const env = e2eEnvironment();
const unique = Date.now().toString(36);
const shot = screenshots('recovery');

/** Texts typed into the pages: none of them may appear in any request. */
const SECRET = {
  stepTwo: `Faith as a child ${unique} lighthouse`,
  stepThree: `Afraid to let go ${unique} tidepool`,
  stepThreeAgain: `Written after starting over ${unique} driftwood`,
  resentment: `My landlord ${unique} Osprey`,
  codeCase: `Unlocked by the code ${unique} pinecone`,
};

const STEP_TWO_Q1 = /^1\. What did faith, religion or spirituality mean to you/;
const STEP_THREE_Q2 = /^2\. What fears come up/;
const LOCKED = 'Your earlier writing here is locked';
const UNLOCK = 'Unlock with my old password or recovery code';

/** The page the current test works on: the main one, or one in a new browser context. */
let current: Page | null = null;
const page = () => current ?? env.page;

async function openStep(n: number, title: string): Promise<void> {
  await page().goto(stepUrl(n));
  await visible(pageHeading(page(), title), 15_000);
}

/** Types an answer on a step page and saves it. */
async function answer(n: number, title: string, label: RegExp, text: string): Promise<void> {
  await openStep(n, title);
  await page().getByLabel(label).fill(text);
  const saved = stepSaved(page());
  await page().getByRole('button', { name: 'Save answers' }).first().click();
  await saved;
}

async function expectAnswer(label: RegExp, text: string): Promise<void> {
  await eventually(() => page().getByLabel(label).inputValue()).toBe(text);
}

const inventories = () => inventoriesDialog(page());
const resentments = () => inventoryPanel(page());

async function closeInventories(): Promise<void> {
  await inventories().getByRole('button', { name: 'Close' }).first().click();
  await hidden(inventories());
}

/** Writing, a reset by e-mailed code, then Start fresh and a new recovery code; returns the old code. */
async function writeThenResetAndStartFresh(
  account: Account,
  newPassword: string,
  write: () => Promise<void>,
) {
  const oldCode = await signUp(page(), env.mail, account);
  await write();
  // The page was left by a reload right after a save, before its draft was deleted: the draft is still on
  // the device, and Logout asks about it rather than delete it unasked.
  await logOut(page(), { unsavedWriting: true });
  await resetPasswordByEmail(page(), env.mail, account.email, newPassword);
  await signInAfterReset(page(), newPassword);
  await startFresh(page());
  await visible(pageHeading(page(), `Welcome, ${account.name}`));
  return oldCode;
}

/** Sends what the person typed with the Unlock dialog's chosen way (`shotName`: a screenshot first). */
async function unlockWith(
  way: 'old password' | 'recovery code',
  secret: string,
  shotName?: string,
): Promise<Locator> {
  const unlock = await visible(dialog(page(), 'Unlock earlier writing'));
  if (way === 'recovery code') {
    await unlock.getByRole('button', { name: 'Use my recovery code instead' }).click();
    await unlock.getByLabel('Your earlier recovery code').fill(secret);
  } else {
    await unlock.getByLabel('Your old password', { exact: true }).fill(secret);
  }
  if (shotName) await shot(page(), shotName);
  await unlock.getByRole('button', { name: `Unlock with ${way}` }).click();
  return unlock;
}

async function acknowledgeUnlocked(): Promise<string> {
  const done = await visible(dialog(page(), 'Earlier writing unlocked'), 30_000);
  const text = (await done.textContent()) ?? '';
  await done.getByRole('button', { name: 'OK' }).click();
  await hidden(done);
  return text;
}

const earlierWriting = () => page().getByRole('heading', { level: 2, name: 'Earlier writing' });
const keptAside = () =>
  page().getByRole('list', { name: 'Earlier writing kept aside' }).getByRole('listitem');

async function openProfile(): Promise<void> {
  await page().goto('/profile');
  await visible(pageHeading(page(), 'My Profile'));
}

describe('writing locked by an earlier key', () => {
  const account = newAccount('locked', 'Rowan');
  const newPassword = `${account.password} after the reset`;

  it('says what happened, starts one step over, and days later unlocks the rest with the old password', async () => {
    await writeThenResetAndStartFresh(account, newPassword, async () => {
      await answer(2, 'Step Two', STEP_TWO_Q1, SECRET.stepTwo);
      await answer(3, 'Step Three', STEP_THREE_Q2, SECRET.stepThree);
      await openStep(4, 'Step Four');
      await openInventories(page());
      const saved = inventorySaved(page());
      await resentments()
        .getByLabel(/^Add a resentment/)
        .fill(SECRET.resentment);
      await resentments().getByRole('button', { name: 'Add', exact: true }).click();
      await saved;
      await visible(resentments().getByRole('button', { name: `Edit ${SECRET.resentment}` }));
      await closeInventories();
    });

    // The step says what happened and what can be done, in place of the dead error.
    await openStep(2, 'Step Two');
    const panel = page().getByRole('region', { name: LOCKED });
    await visible(panel);
    await visible(panel.getByText('Your password was reset, and SAM made a new key', { exact: false }));
    await visible(panel.getByText('Nothing is lost', { exact: false }));
    await visible(panel.getByRole('button', { name: UNLOCK }));
    await visible(panel.getByRole('button', { name: 'Start this step over' }));
    expect(await page().getByText('Failed to decrypt data').count()).toBe(0);
    expect(await page().getByLabel(STEP_TWO_Q1).count()).toBe(0);
    await shot(page(), '1-step-locked');
    await shot(page(), '1-step-locked-actions', {
      scrollTo: panel.getByRole('button', { name: 'Start this step over' }),
    });
    await expectAccessible(page(), 'a locked step');

    // So does the inventory, inside its dialog.
    await openStep(4, 'Step Four');
    await openInventories(page());
    const inventoryPanel = resentments().getByRole('region', { name: LOCKED });
    await visible(inventoryPanel);
    await visible(inventoryPanel.getByRole('button', { name: 'Start this inventory over' }));
    await shot(page(), '2-inventory-locked');
    await expectAccessible(page(), 'a locked inventory');
    await closeInventories();

    // Step Three starts over: the earlier writing is kept aside and an empty editor appears, no reload.
    await openStep(3, 'Step Three');
    await page()
      .getByRole('region', { name: LOCKED })
      .getByRole('button', { name: 'Start this step over' })
      .click();
    const confirm = await visible(dialog(page(), 'Start this step over?'));
    await visible(confirm.getByText('kept aside, still locked, until you delete it', { exact: false }));
    await visible(confirm.getByText('from Profile, under Earlier writing', { exact: false }));
    await shot(page(), '3-start-over-confirm');
    await confirm.getByRole('button', { name: 'Start over', exact: true }).click();
    await hidden(confirm);
    await expectAnswer(STEP_THREE_Q2, '');
    expect(await page().getByRole('region', { name: LOCKED }).count()).toBe(0);
    await page().getByLabel(STEP_THREE_Q2).fill(SECRET.stepThreeAgain);
    const saved = stepSaved(page());
    await page().getByRole('button', { name: 'Save answers' }).first().click();
    await saved;

    // Days later, in a new sign-in: Profile lists what is locked and what was kept aside.
    await logOut(page());
    await signIn(page(), { ...account, password: newPassword });
    await openProfile();
    await visible(earlierWriting());
    await visible(
      page().getByText(
        'Some of your writing is locked with an earlier key: Step Two and your Resentments inventory.',
        { exact: false },
      ),
    );
    await eventually(() => keptAside().count()).toBe(1);
    await visible(keptAside().getByText('Step Three', { exact: true }));
    await visible(keptAside().getByText('Locked with an earlier key', { exact: false }));
    expect(await keptAside().getByRole('button', { name: /^View/ }).count()).toBe(0);
    await shot(page(), '4-profile-locked', { scrollTo: earlierWriting() });
    await expectAccessible(page(), 'Profile with locked writing');

    await page().getByRole('button', { name: UNLOCK }).click();
    await unlockWith('old password', account.password);
    await visible(dialog(page(), 'Earlier writing unlocked'), 30_000);
    await shot(page(), '5-unlocked-summary');
    const summary = await acknowledgeUnlocked();
    expect(summary).toMatch(/Unlocked: 1 step, .*inventor.* and 1 piece of writing kept aside\./);

    // Nothing is locked any more; the earlier Step Three can now be read, put back or deleted.
    await eventually(() => page().getByText('is locked with an earlier key', { exact: false }).count()).toBe(
      0,
    );
    await visible(keptAside().getByRole('button', { name: /^View Step Three, kept aside on / }));
    await shot(page(), '5-profile-unlocked', { scrollTo: earlierWriting() });
    await shot(page(), '5-profile-unlocked-list', { scrollTo: keptAside().first() });

    await openStep(2, 'Step Two');
    await expectAnswer(STEP_TWO_Q1, SECRET.stepTwo);
    await openStep(4, 'Step Four');
    await openInventories(page());
    await visible(resentments().getByRole('button', { name: `Edit ${SECRET.resentment}` }));
    await closeInventories();

    await openProfile();
    await keptAside()
      .getByRole('button', { name: /^View Step Three/ })
      .click();
    const view = await visible(dialog(page(), 'Step Three: earlier writing'));
    await visible(view.getByText(SECRET.stepThree));
    await visible(view.getByText(/^What fears come up/));
    await shot(page(), '6-view-kept-aside');
    await expectAccessible(page(), 'the earlier writing, read only');
    expect(await view.getByRole('textbox').count()).toBe(0);
    await view.getByRole('button', { name: 'Close' }).last().click();
    await hidden(view);

    // Put back: the earlier answer returns to the step, and the newer one goes aside in its place.
    await keptAside()
      .getByRole('button', { name: /^Put back Step Three/ })
      .click();
    const putBack = await visible(dialog(page(), 'Put this earlier writing back?'));
    await visible(putBack.getByText('kept aside here in its place', { exact: false }));
    await putBack.getByRole('button', { name: 'Put back', exact: true }).click();
    await hidden(putBack);
    await eventually(async () => {
      await keptAside()
        .getByRole('button', { name: /^View Step Three/ })
        .click();
      const newer = dialog(page(), 'Step Three: earlier writing');
      const text = (await newer.textContent()) ?? '';
      await newer.getByRole('button', { name: 'Close' }).last().click();
      await hidden(newer);
      return text.includes(SECRET.stepThreeAgain);
    }).toBe(true);
    await openStep(3, 'Step Three');
    await expectAnswer(STEP_THREE_Q2, SECRET.stepThree);

    // Delete: the shared danger confirm, then nothing is left to show.
    await openProfile();
    await keptAside()
      .getByRole('button', { name: /^Delete Step Three/ })
      .click();
    const remove = await visible(dialog(page(), 'Delete this earlier writing?'));
    await visible(remove.getByText('deleted for good', { exact: false }));
    await shot(page(), '7-delete-confirm');
    await remove.getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(remove);
    await eventually(() => earlierWriting().count()).toBe(0);
    expect(env.pageErrors).toEqual([]);
  });

  it('never sends what was typed: only ciphertext leaves the browser', () => {
    const typed = [SECRET.stepTwo, SECRET.stepThree, SECRET.stepThreeAgain, SECRET.resentment];
    for (const entry of env.traffic) {
      for (const text of [...typed, account.password, newPassword]) {
        expect(entry.includes(text), entry.split('\n')[0]).toBe(false);
      }
    }
  });
});

const PAGE_CHORES = ['/api/vitals', '/api/profile/login', '/api/progress/program', '/api/progress/track'];

describe('unlocking from the step itself', () => {
  const account = newAccount('locked-code', 'Kit');
  const newPassword = `${account.password} renewed`;
  let oldCode = '';
  let pageErrors: string[] = [];

  // Another person, in a browser of their own.
  beforeAll(async () => {
    ({ page: current, pageErrors } = await env.newPage());
  });

  it('changes nothing for a wrong password, and says so', async () => {
    oldCode = await writeThenResetAndStartFresh(account, newPassword, () =>
      answer(2, 'Step Two', STEP_TWO_Q1, SECRET.codeCase),
    );
    await openStep(2, 'Step Two');
    await page().getByRole('button', { name: UNLOCK }).click();
    const writes: string[] = [];
    const record = (request: { method(): string; url(): string }) => {
      // Not the person's data: web vitals (timings the browser reports by itself) and what a page records
      // for itself once it is idle after loading (the sign-in, the program the steps belong to).
      const path = new URL(request.url()).pathname;
      if (request.method() !== 'GET' && !PAGE_CHORES.includes(path)) {
        writes.push(`${request.method()} ${request.url()}`);
      }
    };
    page().on('request', record);
    const unlock = await unlockWith('old password', newPassword);
    await visible(
      unlock.getByRole('alert').filter({ hasText: 'That password does not unlock your earlier writing.' }),
      30_000,
    );
    page().off('request', record);
    expect(writes).toEqual([]);
    await shot(page(), '8-unlock-wrong-password');
    await expectAccessible(page(), 'the Unlock dialog with an error');
    await unlock.getByRole('button', { name: 'Not now' }).click();
    await hidden(unlock);
    await page().reload();
    await visible(page().getByRole('region', { name: LOCKED }), 15_000);
  });

  it('unlocks with the recovery code of before the reset, and the step shows the writing at once', async () => {
    await page().getByRole('button', { name: UNLOCK }).click();
    const typed = (oldCode.match(/.{1,4}/g) ?? []).join('-').toLowerCase();
    const unlock = await unlockWith('recovery code', typed, '9-unlock-recovery-code');
    await hidden(unlock, 30_000);
    expect(await acknowledgeUnlocked()).toContain('Unlocked: 1 step.');
    await expectAnswer(STEP_TWO_Q1, SECRET.codeCase);
    expect(await page().getByRole('region', { name: LOCKED }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('writing no key can open', () => {
  const account = newAccount('damaged', 'Jules');

  beforeAll(async () => {
    current = (await env.newPage()).page;
  });

  it('says the copy is damaged, offers only Start over, and keeps the copy aside until deleted', async () => {
    await signUp(page(), env.mail, account);
    // A ciphertext no key of this account made (the account has never had an earlier key).
    const status = await saveUnreadableStep(page(), 3, 'Step Three');
    expect(status).toBe(200);

    await openStep(3, 'Step Three');
    const panel = await visible(page().getByRole('region', { name: 'SAM cannot read what was saved here' }));
    await visible(panel.getByText('the saved copy looks damaged', { exact: false }));
    expect(await panel.getByRole('button', { name: UNLOCK }).count()).toBe(0);
    expect(await page().getByText('Failed to decrypt data').count()).toBe(0);
    await shot(page(), '10-step-damaged');
    await expectAccessible(page(), 'a damaged step');

    await panel.getByRole('button', { name: 'Start this step over' }).click();
    const confirm = await visible(dialog(page(), 'Start this step over?'));
    await visible(confirm.getByText('The damaged copy is kept aside until you delete it', { exact: false }));
    await confirm.getByRole('button', { name: 'Start over', exact: true }).click();
    await hidden(confirm);
    await expectAnswer(STEP_THREE_Q2, '');

    await openProfile();
    await visible(earlierWriting());
    await eventually(() => keptAside().count()).toBe(1);
    await visible(keptAside().getByText('Damaged: SAM cannot read it', { exact: false }));
    expect(await page().getByRole('button', { name: UNLOCK }).count()).toBe(0);
    expect(
      await keptAside()
        .getByRole('button', { name: /^(View|Put back)/ })
        .count(),
    ).toBe(0);
    await keptAside()
      .getByRole('button', { name: /^Delete Step Three/ })
      .click();
    const remove = await visible(dialog(page(), 'Delete this earlier writing?'));
    await remove.getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(remove);
    await eventually(() => earlierWriting().count()).toBe(0);
  });
});
