/**
 * Nothing a person writes on a step page is lost, in a real Chromium against the real server: typed answers
 * survive a reload, a link, the back button and a sign-in from the page; leaving with unsaved writing asks
 * first; saving waits out being offline and says so; a failed save is shown beside the editor with Retry;
 * a save that makes an action incomplete unticks it with a notice; removing a defect or a program asks first.
 * Drafts on the device are encrypted: the typed text is never in IndexedDB or localStorage in plaintext.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { draftPlaces, storedOnDevice } from './support/deviceStorage.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  dialog,
  eventually,
  hidden,
  newAccount,
  pageHeading,
  signUp,
  submitSignIn,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import { openStep, stepAction, stepSaved, stepUrl } from './support/stepPages.ts';
import { holdStepSaves } from './support/stepSaves.ts';

const env = e2eEnvironment();
const shot = screenshots('drafts');
const account = newAccount('drafts', 'Jordan');
const unique = Date.now().toString(36);
const TYPED = {
  reload: `Reload answer ${unique} cedar`,
  link: `Link answer ${unique} willow`,
  visitor: `Visitor answer ${unique} heron`,
  offline: `Offline prayer ${unique} tide`,
  failed: `Failed prayer ${unique} ember`,
};

const question = (page: Page, n: number) =>
  page.getByLabel(new RegExp(`^${n}\\. `)).and(page.getByRole('textbox'));

describe('drafts and autosave on the step pages', () => {
  it('keeps what a visitor typed when they sign in from the step page', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    // Out again, and back as a visitor on step 2.
    await page.evaluate(() => localStorage.removeItem('auth_token'));
    await page.goto(stepUrl(2));
    await visible(pageHeading(page, 'Step Two'));
    await visible(page.getByRole('complementary', { name: 'Sign in' }));
    await question(page, 1).fill(TYPED.visitor);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('User not logged in. Please log in.'));
    await page.getByRole('complementary', { name: 'Sign in' }).getByRole('button', { name: 'Login' }).click();
    await submitSignIn(page, account);
    await eventually(() => question(page, 1).inputValue()).toBe(TYPED.visitor);
    await visible(page.getByText('Draft restored'));
    // Typing on saves it, and the draft goes once saved.
    const saved = stepSaved(page);
    await question(page, 2).fill('Second answer');
    await saved;
    await visible(page.getByText(/^Saved at /));
    await page.reload();
    await visible(pageHeading(page, 'Step Two'));
    await eventually(() => question(page, 1).inputValue()).toBe(TYPED.visitor);
    expect(await page.getByText('Draft restored').count()).toBe(0);
  });

  it('restores unsaved answers after a reload, with Draft restored · Discard, and never in plaintext on the device', async () => {
    const { page } = env;
    await openStep(page, 2, 'Step Two');
    const release = await holdStepSaves(page);
    await question(page, 3).fill(TYPED.reload);
    await eventually(() => draftPlaces(page)).toContain('progress:SAA:12-steps:step-2');
    expect(await storedOnDevice(page)).not.toContain(TYPED.reload);

    // Leaving with a save still out asks first (the browser's own prompt); accept it.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await release();
    await visible(pageHeading(page, 'Step Two'));
    await eventually(() => question(page, 3).inputValue()).toBe(TYPED.reload);
    const note = await visible(page.getByRole('status').filter({ hasText: 'Draft restored' }));
    await shot(page, 'restored-draft', { scrollTo: note });
    await expectAccessible(page, 'step 2 with a restored draft');

    // Discard asks, then brings back what was saved.
    await note.getByRole('button', { name: 'Discard' }).click();
    const confirm = await visible(dialog(page, 'Discard this draft?'));
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await eventually(() => question(page, 3).inputValue()).toBe('');
    await eventually(() => draftPlaces(page)).not.toContain('progress:SAA:12-steps:step-2');
  });

  it('saves before following a link, and asks before leaving when it cannot save', async () => {
    const { page } = env;
    await openStep(page, 2, 'Step Two');
    // Online: a link waits for the save, then goes.
    await question(page, 4).fill(TYPED.link);
    const saved = stepSaved(page);
    await page.getByRole('link', { name: /Next: Step 3/ }).click();
    await saved;
    await visible(pageHeading(page, 'Step Three'));
    await page.getByRole('link', { name: /Previous: Step 2/ }).click();
    await visible(pageHeading(page, 'Step Two'));
    await eventually(() => question(page, 4).inputValue()).toBe(TYPED.link);

    // The server fails: the link asks first; Stay keeps everything where it is.
    await page.route('**/api/progress/step', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }),
    );
    await question(page, 4).fill(`${TYPED.link} more`);
    await page.getByRole('link', { name: /Next: Step 3/ }).click();
    let ask = await visible(dialog(page, 'Leave this page?'));
    await visible(ask.getByText(/kept as a draft on this device/));
    await expectAccessible(page, 'the leave guard');
    await shot(page, 'leave-guard');
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await hidden(ask);
    expect(new URL(page.url()).pathname).toBe(stepUrl(2));
    expect(await question(page, 4).inputValue()).toBe(`${TYPED.link} more`);

    // The back button asks too; Leave goes, and coming back brings the draft.
    await page.goBack();
    ask = await visible(dialog(page, 'Leave this page?'));
    await ask.getByRole('button', { name: 'Leave' }).click();
    await visible(pageHeading(page, 'Step Three'));
    await page.unroute('**/api/progress/step');
    await page.getByRole('link', { name: /Previous: Step 2/ }).click();
    await visible(pageHeading(page, 'Step Two'));
    await eventually(() => question(page, 4).inputValue()).toBe(`${TYPED.link} more`);
    await visible(page.getByText('Draft restored'));
  });

  it('shows a failed save beside the editor with Retry, keeps the text, and saves on Retry', async () => {
    const { page } = env;
    await openStep(page, 3, 'Step Three');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.route('**/api/progress/step', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    const prayer = page.getByLabel('My Third Step Prayer, in my own words');
    await prayer.fill(TYPED.failed);
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    const failure = await visible(page.getByRole('alert').filter({ hasText: 'Not saved:' }));
    // The failure sits right under the prayer, in view, and offers nothing that throws text away.
    await failure.scrollIntoViewIfNeeded();
    const [fieldBox, failureBox] = await Promise.all([prayer.boundingBox(), failure.boundingBox()]);
    expect((failureBox?.y ?? 0) - ((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0))).toBeLessThan(200);
    expect(await page.getByRole('button', { name: 'Refresh Page' }).count()).toBe(0);
    await shot(page, 'save-failed', { scrollTo: failure });
    expect(await prayer.inputValue()).toBe(TYPED.failed);
    await page.unroute('**/api/progress/step');
    const saved = stepSaved(page);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await saved;
    await visible(page.getByText(/^Saved at /));
    await page.reload();
    await visible(pageHeading(page, 'Step Three'));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await eventually(() => prayer.inputValue()).toBe(TYPED.failed);
  });

  it('waits while offline, says so, and saves once the browser is back online', async () => {
    const { page, context } = env;
    await openStep(page, 3, 'Step Three');
    await page.getByRole('button', { name: 'Expand all' }).click();
    const prayer = page.getByLabel('My Third Step Prayer, in my own words');
    await context.setOffline(true);
    await prayer.fill(TYPED.offline);
    await shot(page, 'offline', {
      scrollTo: await visible(
        page.getByText(/You are offline\. Your writing is kept on this device/),
        15_000,
      ),
    });
    const saved = stepSaved(page);
    await context.setOffline(false);
    await saved;
    await visible(page.getByText(/^Saved at /));
    await page.reload();
    await visible(pageHeading(page, 'Step Three'));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await eventually(() => prayer.inputValue()).toBe(TYPED.offline);
  });

  it('unticks an action when a required answer is cleared, and says why', async () => {
    const { page } = env;
    await openStep(page, 2, 'Step Two');
    for (const n of [1, 2]) {
      const saved = stepSaved(page);
      await stepAction(page, n).click();
      await saved;
    }
    for (const n of [1, 2, 3, 4, 5]) await question(page, n).fill(`Answer ${n} ${unique}`);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await eventually(() => stepAction(page, 3).isChecked()).toBe(true);
    const ticked = stepSaved(page);
    await stepAction(page, 4).click();
    await ticked;
    await visible(page.getByText('Congratulations! You have completed Step Two.'));

    await page.getByRole('button', { name: 'Expand all' }).click();
    await question(page, 2).fill('');
    await visible(page.getByText(/is no longer marked done\. Enter answers for questions 1-5/), 15_000);
    await shot(page, 'completion-notice', {
      scrollTo: await visible(page.getByText(/Step Two is back in progress\./)),
    });
    await eventually(() => stepAction(page, 3).isChecked()).toBe(false);
    expect(await stepAction(page, 4).isChecked()).toBe(false);
    expect(await page.getByText('Congratulations! You have completed Step Two.').count()).toBe(0);

    await page.goto('/programs/saa/12-steps');
    const card = page.getByRole('listitem').filter({ hasText: 'Step Two' });
    await visible(card.getByText('In Progress'));
  });

  it('asks before removing a step 6 defect with its answers', async () => {
    const { page } = env;
    await openStep(page, 6, 'Step Six');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('button', { name: 'Add a character defect' }).click();
    const add = await visible(page.getByRole('dialog', { name: /^Answer Questions for/ }));
    await add.getByLabel('Character defect').fill('Impatience');
    await add.getByLabel(/^How does this defect hurt me/).fill('It hurts');
    await add.getByRole('button', { name: 'Save Answers' }).click();
    await hidden(add);
    const remove = page.getByRole('button', { name: 'Remove Impatience' });
    await remove.click();
    let confirm = await visible(dialog(page, 'Remove "Impatience"?'));
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await hidden(confirm);
    await visible(page.getByRole('group', { name: 'Impatience' }));
    await remove.click();
    confirm = await visible(dialog(page, 'Remove "Impatience"?'));
    const saved = stepSaved(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await saved;
    await eventually(() => page.getByRole('group', { name: 'Impatience' }).count()).toBe(0);
  });

  it('asks before removing a program from the personal home page', async () => {
    const { page } = env;
    await page.goto('/recovery-programs');
    const setup = page.getByRole('heading', { name: 'Set Up Your Recovery Journey' });
    await visible(setup);
    await page.getByRole('checkbox', { name: /^SAA/ }).click();
    await page.getByRole('checkbox', { name: /^AA/ }).click();
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    const remove = await visible(page.getByRole('button', { name: /^Remove AA/ }));
    await remove.click();
    let confirm = await visible(page.getByRole('dialog', { name: /^Remove AA/ }));
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await hidden(confirm);
    await visible(remove);
    await remove.click();
    confirm = await visible(page.getByRole('dialog', { name: /^Remove AA/ }));
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await eventually(() => page.getByRole('button', { name: /^Remove AA/ }).count()).toBe(0);
    expect(env.pageErrors).toEqual([]);
  });
});
