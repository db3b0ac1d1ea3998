/**
 * The twelve step pages in a real Chromium against the real server: a visitor's view, then a new account
 * writing its Step One and working step 1 to completion (with its dates), step 2's questions rule and
 * auto-completion, step 3's at-least-one rule and prayer, step 5's defects rule, step 6's all-three-answers
 * rule, the remaining pages, and everything restored after signing out and in again. Every request body is checked for the typed
 * text: only ciphertext may leave the browser. axe runs on every step page.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiTrafficDuring,
  expectAccessible,
  expectReadAhead,
  expectSessionCheckFirst,
} from './support/browser.ts';
import { draftPlaces } from './support/deviceStorage.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  dialog,
  hidden,
  logOut,
  newAccount,
  pageHeading,
  signIn,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';
import { openStep as openStepPage, stepAction, stepUrl, tick } from './support/stepPages.ts';
import { saveUnreadableStep } from './support/stepSaves.ts';

const env = e2eEnvironment();
const shot = screenshots('steps', { fullPage: 'also' });

const unique = Date.now().toString(36);
const account = newAccount('steps', 'Robin');

/** Unique texts typed into the pages: none of them may appear in any request. */
const SECRET = {
  step1: `My Step One ${unique} lighthouse\nIt began when I was young.`,
  step2: [1, 2, 3, 4, 5].map((n) => `Answer two ${n} ${unique} lantern`),
  step3: `Answer three ${unique} harbor`,
  prayer: `My own prayer ${unique} morning`,
  defects: [`Impatience ${unique}`, `Selfishness ${unique}`],
  added: `Fearfulness ${unique}`,
  defectAnswer: (d: number, q: number) => `Defect answer ${d} ${q} ${unique} meadow`,
  notes: `Step seven notes ${unique} river`,
  unsaved: `Unsaved prayer ${unique} valley`,
};

/** Action N's checkbox on the page in use. */
const action = (n: number): Locator => stepAction(env.page, n);

/** Clicks action N, expects the rule dialog with this title and text, closes it with `button`. */
async function refused(n: number, title: string, text: string, button: string): Promise<void> {
  await action(n).click();
  const box = await visible(dialog(env.page, title));
  await visible(box.getByText(text, { exact: true }));
  await box.getByRole('button', { name: button, exact: true }).click();
  await hidden(box);
  expect(await action(n).isChecked()).toBe(false);
}

/** Opens step N and waits for its heading, its actions heading and its first action. */
async function openStep(n: number, title: string): Promise<void> {
  await openStepPage(env.page, n, title);
  await visible(env.page.getByRole('heading', { level: 2, name: `Actions to Complete ${title}` }));
}

describe('step pages', () => {
  it('shows visitors the twelve steps and a login prompt, and refuses to save', async () => {
    const { page } = env;
    await page.goto('/programs/saa/12-steps');
    await visible(pageHeading(page, "Working SAA's 12 Steps"));
    await expect
      .poll(() => page.getByRole('list', { name: 'The 12 steps' }).getByRole('listitem').count())
      .toBe(12);
    await visible(page.getByRole('complementary', { name: 'Sign in' }));
    expect(await page.getByText('Status:').count()).toBe(0);
    await shot(page, 'list-visitor');
    await expectAccessible(page, 'step list (visitor)');

    await openStep(1, 'Step One');
    await action(1).click();
    // Beside the actions: the way to log in (nothing typed is thrown away by a page reload).
    const signedOut = await visible(
      page.getByRole('alert').filter({ hasText: 'User not logged in. Please log in.' }),
    );
    await visible(signedOut.getByRole('button', { name: 'Log In', exact: true }));
    expect(await page.getByRole('button', { name: 'Refresh Page' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Previous/ }).count()).toBe(0);
    await expectAccessible(page, 'step 1 (visitor)');

    await openStep(4, 'Step Four');
    await visible(page.getByText('Please log in to access Step Four Inventory'));
    await visible(page.getByRole('button', { name: 'Log In', exact: true }));
  });

  it('works step 1 to completion and edits its dates', async () => {
    const { page } = env;
    await signUp(page, env.mail, account);
    await page.goto('/programs/saa/12-steps');
    await visible(page.getByText(/Welcome to your journey/));
    await expect.poll(() => page.getByText('Not Started').count()).toBe(12);

    await openStep(1, 'Step One');
    await shot(page, 'step-1-top');
    // SAM embeds no video, and no step text promises one.
    expect(await page.getByText(/video/i).count()).toBe(0);
    expect(await action(2).isDisabled()).toBe(true);
    await tick(page, 1);
    await tick(page, 2);
    // The Step One is written on the page, saved encrypted, and there again after a reload.
    const writing = page.getByLabel('My Step One', { exact: true });
    await writing.fill(SECRET.step1);
    await page.getByRole('button', { name: 'Save my Step One' }).click();
    await visible(page.getByText('Step One saved'));
    await shot(page, 'step-1-writing', { scrollTo: writing });
    // On a reload the session check leaves as the page starts, and the page asks for its step records
    // beside it, not after its answer, and once: the page drawn after the check finds them already read.
    const traffic = await apiTrafficDuring(page, async () => {
      await page.reload();
      await visible(pageHeading(page, 'Step One'));
      await expect.poll(() => writing.inputValue()).toBe(SECRET.step1);
    });
    expectReadAhead(traffic, 'GET /api/progress/SAA');
    expectSessionCheckFirst(traffic, 'GET /api/progress/SAA');
    for (const n of [3, 4, 5, 6]) await tick(page, n);
    await visible(page.getByText('Congratulations! You have completed Step One.'));
    await visible(page.getByRole('link', { name: 'Continue to Step Two' }));
    // Completed actions fold away; Expand all shows them again.
    expect(await page.getByText('Go over what you wrote with your sponsor').count()).toBe(0);
    await page.getByRole('button', { name: 'Expand all' }).click();
    await visible(page.getByText('Go over what you wrote with your sponsor', { exact: false }));
    await shot(page, 'step-1-complete');
    await expectAccessible(page, 'step 1');

    await page.getByRole('button', { name: 'Step dates' }).click();
    const timeline = await visible(dialog(page, 'Step One timeline'));
    await visible(timeline.getByText('(today)').first());
    await timeline.getByRole('button', { name: 'Edit Step Dates' }).click();
    await timeline.getByLabel('Start date').fill('2099-01-01');
    await timeline.getByRole('button', { name: 'Save dates' }).click();
    await visible(timeline.getByText('Start date cannot be in the future'));
    await timeline.getByLabel('Start date').fill('2025-03-10');
    await timeline.getByLabel(/Completion date/).fill('2025-03-01');
    await timeline.getByRole('button', { name: 'Save dates' }).click();
    await visible(timeline.getByText('Completion date must be after start date'));
    await timeline.getByLabel(/Completion date/).fill('2025-04-02');
    await timeline.getByRole('button', { name: 'Save dates' }).click();
    const confirm = await visible(dialog(page, 'Edit Step Dates'));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const done = await visible(page.getByRole('dialog').filter({ hasText: 'Dates updated successfully' }));
    await done.getByRole('button', { name: 'OK' }).click();
    await visible(timeline.getByText('10-Mar-2025'));
    await visible(timeline.getByText('02-Apr-2025'));
    await visible(timeline.getByText('23 days'));
    await shot(page, 'step-1-dates');
    await timeline.getByRole('button', { name: 'Close' }).first().click();
    await hidden(timeline);
  });

  it('refuses step 2 action 3 until questions 1-5 are answered, then completes it on save', async () => {
    const { page } = env;
    await openStep(2, 'Step Two');
    await tick(page, 1);
    await tick(page, 2);
    await refused(
      3,
      'Action Not Complete',
      'Enter answers for questions 1-5 to mark this action complete.',
      'OK',
    );
    await page.getByRole('button', { name: 'Help with question 1' }).click();
    const help = await visible(dialog(page, 'Faith when you were young'));
    await help.getByRole('button', { name: 'OK' }).click();
    await hidden(help);
    const boxes = page.getByRole('textbox');
    expect(await boxes.count()).toBe(6);
    await shot(page, 'step-2-questions', {
      scrollTo: page.getByRole('button', { name: 'Help with question 1' }),
    });
    for (const [i, text] of SECRET.step2.entries()) await boxes.nth(i).fill(text);
    const actionUpdate = page.waitForRequest((r) => r.url().endsWith('/api/progress/action'));
    await page.getByRole('button', { name: 'Save answers' }).click();
    const sent = JSON.parse((await actionUpdate).postData() ?? '{}');
    expect(sent).toMatchObject({ step_number: 2, action_id: 3, completed: true });
    await expect.poll(() => action(3).isChecked()).toBe(true);
    // The save ticked action 3 and left what was just written in view.
    await visible(page.getByText('Answers saved'));
    expect(await boxes.nth(4).inputValue()).toBe(SECRET.step2[4]);
    await shot(page, 'step-2-saved', { scrollTo: page.getByRole('button', { name: 'Save answers' }) });
    await tick(page, 4);
    await visible(page.getByText('Congratulations! You have completed Step Two.'));
    await expectAccessible(page, 'step 2');
  });

  it("keeps step 3's action 3 unchecked until one answer exists, and saves the prayer", async () => {
    const { page } = env;
    await openStep(3, 'Step Three');
    await tick(page, 1);
    await tick(page, 2);
    await refused(3, 'Answer Required', 'Answer at least 1 question to mark this action completed.', 'OK');
    await page.getByLabel(/^2\. What fears come up/).fill(SECRET.step3);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('Answers saved'));
    await tick(page, 3);
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByLabel('My Third Step Prayer, in my own words').fill(SECRET.prayer);
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await visible(page.getByText('Prayer saved'));
    await shot(page, 'step-3');
    await expectAccessible(page, 'step 3');
  });

  it('keeps the typing when a save fails, and after a reload offers it back over what was saved', async () => {
    const { page } = env;
    await openStep(3, 'Step Three');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.route('**/api/progress/step', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    const prayer = page.getByLabel('My Third Step Prayer, in my own words');
    await prayer.fill(SECRET.unsaved);
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    const failure = await visible(page.getByRole('alert').filter({ hasText: /^Not saved: / }));
    await visible(failure.getByRole('button', { name: 'Retry', exact: true }));
    expect(await page.getByRole('button', { name: 'Refresh Page' }).count()).toBe(0);
    expect(await prayer.inputValue()).toBe(SECRET.unsaved);

    // Once it is kept as a draft, a reload (the browser asks first, as the prayer is not saved) brings the
    // typing back; discarding it shows what was saved.
    await expect.poll(() => draftPlaces(page)).toContain('progress:SAA:12-steps:step-3');
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page.unroute('**/api/progress/step');
    await visible(pageHeading(page, 'Step Three'));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => prayer.inputValue()).toBe(SECRET.unsaved);
    const note = await visible(page.getByRole('status').filter({ hasText: 'Draft restored' }));
    await note.getByRole('button', { name: 'Discard', exact: true }).click();
    const discard = await visible(dialog(page, 'Discard this draft?'));
    await discard.getByRole('button', { name: 'Discard', exact: true }).click();
    await hidden(discard);
    await expect.poll(() => prayer.inputValue()).toBe(SECRET.prayer);
  });

  it("refuses step 5's action 3 until shared and a defect is saved", async () => {
    const { page } = env;
    await openStep(5, 'Step Five');
    await tick(page, 1);
    await tick(page, 2);
    await refused(
      3,
      'Action Not Complete',
      "To complete this action, confirm that you've shared your Step Four inventories with your sponsor and saved at least one character defect.",
      'Ok',
    );
    expect(await page.getByRole('button', { name: 'Save my list' }).isDisabled()).toBe(true);
    const first = page.getByLabel('Character defect 1');
    await first.fill(SECRET.defects[0] ?? '');
    await shot(page, 'step-5-list', { scrollTo: first });
    await first.press('Enter');
    const second = page.getByLabel('Character defect 2');
    await expect.poll(() => second.evaluate((el) => el === document.activeElement)).toBe(true);
    await second.fill(SECRET.defects[1] ?? '');
    await page.getByRole('button', { name: 'Save my list' }).click();
    await visible(page.getByText('Your list has been saved'));
    await visible(page.getByLabel('Character defect 3'));
    const shared = page.waitForResponse((r) => r.url().endsWith('/api/progress/step'));
    await page
      .getByRole('checkbox', { name: 'I have shared my Step Four inventories with my sponsor' })
      .click();
    await shared;
    await tick(page, 3);
    await visible(page.getByText('Congratulations! You have completed Step Five.'));
    await shot(page, 'step-5');
    await expectAccessible(page, 'step 5');
  });

  it('needs all three answers for each defect in step 6, and stays usable under Coming Soon', async () => {
    const { page } = env;
    await openStep(6, 'Step Six');
    await visible(page.getByRole('heading', { name: 'Step Six - Coming Soon' }));
    await tick(page, 1);
    await tick(page, 2);
    const [one, two] = SECRET.defects as [string, string];
    await visible(page.getByRole('group', { name: one }));
    await visible(page.getByRole('group', { name: two }));
    await refused(
      3,
      'Action Not Complete',
      'Add at least one character defect and answer all three questions for each one to mark this action complete.',
      'OK',
    );
    for (const [d, name] of [one, two].entries()) {
      const group = page.getByRole('group', { name });
      const areas = group.getByRole('textbox');
      for (let q = 0; q < 3; q++) await areas.nth(q).fill(SECRET.defectAnswer(d, q));
    }
    // One answer missing still refuses.
    await page.getByRole('group', { name: two }).getByRole('textbox').nth(2).fill('');
    await refused(
      3,
      'Action Not Complete',
      'Add at least one character defect and answer all three questions for each one to mark this action complete.',
      'OK',
    );
    await page.getByRole('group', { name: two }).getByRole('textbox').nth(2).fill(SECRET.defectAnswer(1, 2));
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('Answers saved'));

    await page.getByRole('button', { name: 'Add a character defect' }).click();
    const modal = await visible(dialog(page, /^Answer Questions for/));
    await modal.getByLabel('Character defect').fill(SECRET.added);
    await visible(dialog(page, `Answer Questions for ${SECRET.added}`));
    const areas = modal.getByRole('textbox');
    for (let q = 0; q < 3; q++) await areas.nth(q + 1).fill(SECRET.defectAnswer(2, q));
    await shot(page, 'step-6-modal');
    await expectAccessible(page, 'step 6 answer questions dialog');
    await modal.getByRole('button', { name: 'Save Answers' }).click();
    await hidden(modal);
    await visible(page.getByRole('group', { name: SECRET.added }));

    await tick(page, 3);
    // Unticking is always allowed.
    const untick = page.waitForResponse((r) => r.url().endsWith('/api/progress/step'));
    await action(3).click();
    await untick;
    await expect.poll(() => action(3).isChecked()).toBe(false);
    await tick(page, 3);
    await shot(page, 'step-6');
    await expectAccessible(page, 'step 6');
  });

  it('shows steps 4 and 7 to 12 usable, with the Coming Soon notice from step 6 on', async () => {
    const { page } = env;
    await openStep(4, 'Step Four');
    const pills = page.getByRole('list', { name: 'Inventory status' }).getByRole('listitem');
    await expect
      .poll(() => pills.allTextContents())
      .toEqual(['Resentments: not started', 'Fears: not started', 'Harms Done: not started']);
    await tick(page, 1);
    await tick(page, 2);
    await refused(
      3,
      'Action Not Complete',
      'You need to complete all three inventories (Resentments, Fears, and Harms Done) and check both scheduling boxes to mark this action complete.',
      'OK',
    );
    expect(await action(4).isDisabled()).toBe(true);
    await shot(page, 'step-4', { scrollTo: page.getByRole('list', { name: 'Inventory status' }) });
    await expectAccessible(page, 'step 4');

    const titles = ['Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve'];
    for (const [i, word] of titles.entries()) {
      const n = i + 7;
      await openStep(n, `Step ${word}`);
      await visible(page.getByRole('heading', { name: `Step ${word} - Coming Soon` }));
      if (n === 7) {
        await page.getByRole('button', { name: 'Write a Step Seven update' }).click();
        const modal = await visible(dialog(page, 'Step Seven update'));
        await modal.getByRole('textbox').fill(SECRET.notes);
        await modal.getByRole('button', { name: 'Save update' }).click();
        await hidden(modal);
        await visible(page.getByText(SECRET.notes));
      }
      if (n === 12) {
        expect(await page.getByRole('link', { name: /^Next/ }).count()).toBe(0);
        for (const a of [1, 2, 3]) await tick(page, a);
        await visible(page.getByText('Congratulations! You have completed all 12 steps of the program.'));
        await shot(page, 'step-12');
      }
      await expectAccessible(page, `step ${n}`);
    }
  });

  it('hides dates and the journey message when date tracking is turned off', async () => {
    const { page } = env;
    const setOptOut = (value: boolean) =>
      page.evaluate(async (optedOut) => {
        const response = await fetch('/api/user/preferences/date-tracking', {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${localStorage.getItem('auth_token')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ date_display_opted_out: optedOut }),
        });
        return response.status;
      }, value);
    expect(await setOptOut(true)).toBe(200);
    await openStep(1, 'Step One');
    await visible(page.getByText(/Date tracking is turned off/));
    expect(await page.getByRole('button', { name: 'Step dates' }).isDisabled()).toBe(true);
    await page.goto('/programs/saa/12-steps');
    await expect.poll(() => page.getByText(/Status: Completed/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/Congratulations|You are working on|Welcome to your journey/).count()).toBe(
      0,
    );
    expect(await setOptOut(false)).toBe(200);
    await page.reload();
    await visible(page.getByText(/You are working on Step Twelve|Congratulations on completing/));
  });

  it('shows an error panel, not a crash, for a step that cannot be decrypted', async () => {
    const { page } = env;
    const status = await saveUnreadableStep(page, 8, 'Step Eight');
    expect(status).toBe(200);
    await page.goto(stepUrl(8));
    await visible(pageHeading(page, 'Step Eight'));
    // No earlier key on this account: the panel says the copy is damaged and offers only to start over.
    await visible(page.getByRole('heading', { name: 'SAM cannot read what was saved here' }));
    await visible(page.getByRole('button', { name: 'Start this step over' }));
    expect(await page.getByText('Failed to decrypt data').count()).toBe(0);
    await expectAccessible(page, 'step 8 (cannot decrypt)');
  });

  it('asks to unlock in a browser that does not hold the key yet', async () => {
    const { page } = env;
    const session = await page.evaluate(() => ({
      token: localStorage.getItem('auth_token'),
      user: localStorage.getItem('user_info'),
    }));
    const other = await env.newContext();
    try {
      const second = await other.newPage();
      await second.goto('/');
      await second.evaluate(({ token, user }) => {
        localStorage.setItem('auth_token', token ?? '');
        localStorage.setItem('user_info', user ?? '');
      }, session);
      await second.goto(stepUrl(3));
      // The Unlock dialog may open before the heading is seen; an open dialog hides the page from roles.
      const unlock = second.getByRole('dialog', { name: 'Unlock your writing' });
      await unlock.waitFor({ timeout: 15_000 });
      await unlock.getByLabel('Password', { exact: true }).fill(account.password);
      await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
      await unlock.waitFor({ state: 'hidden', timeout: 20_000 });
      await second.getByRole('button', { name: 'Expand all' }).click();
      await expect
        .poll(() => second.getByLabel('My Third Step Prayer, in my own words').inputValue(), {
          timeout: 15_000,
        })
        .toBe(SECRET.prayer);
    } finally {
      await other.close();
    }
  });

  it('sends only ciphertext: no typed text in any request', async () => {
    const { traffic } = env;
    const typed = [
      SECRET.step1,
      ...SECRET.step1.split('\n'),
      ...SECRET.step2,
      SECRET.step3,
      SECRET.prayer,
      ...SECRET.defects,
      SECRET.added,
      SECRET.notes,
      SECRET.unsaved,
      SECRET.defectAnswer(0, 0),
      SECRET.defectAnswer(2, 2),
    ];
    const everything = traffic.join('\n');
    for (const text of typed) expect(everything.includes(text), text).toBe(false);
    const stepBodies = traffic.filter((t) => t.startsWith('POST') && t.includes('/api/progress/step\n'));
    expect(stepBodies.length).toBeGreaterThan(10);
    for (const body of stepBodies) {
      const json = JSON.parse(body.split('\n').slice(2).join('\n'));
      expect(Object.keys(json.data).sort()).toEqual(['actions', 'encrypted', 'encryptedData']);
      expect(json.data.encrypted).toBe(true);
    }
  });

  it('restores everything after signing out and in again', async () => {
    const { page, pageErrors } = env;
    await logOut(page);
    await signIn(page, account);
    await page.goto('/programs/saa/12-steps');
    await visible(pageHeading(page, "Working SAA's 12 Steps"));
    const card = (n: number) =>
      page.getByRole('listitem').filter({
        has: page.getByRole('link', {
          name: new RegExp(`^Step ${n}:|^Step ${['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'][n]}:`),
        }),
      });
    await visible(card(1).getByText('Completed'));
    await visible(card(2).getByText('Completed'));
    await visible(card(3).getByText('In Progress'));
    await visible(card(5).getByText('Completed'));
    await shot(page, 'list-signed-in');
    await expectAccessible(page, 'step list (signed in)');

    await openStep(2, 'Step Two');
    await page.getByRole('button', { name: 'Expand all' }).click();
    for (const [i, text] of SECRET.step2.entries()) {
      await expect.poll(() => page.getByRole('textbox').nth(i).inputValue()).toBe(text);
    }
    await openStep(3, 'Step Three');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => page.getByLabel(/^2\. What fears come up/).inputValue()).toBe(SECRET.step3);
    expect(await page.getByLabel('My Third Step Prayer, in my own words').inputValue()).toBe(SECRET.prayer);
    await openStep(5, 'Step Five');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => page.getByLabel('Character defect 1').inputValue()).toBe(SECRET.defects[0]);
    expect(await page.getByLabel('Character defect 2').inputValue()).toBe(SECRET.defects[1]);
    expect(await page.getByRole('checkbox', { name: /I have shared/ }).isChecked()).toBe(true);
    await openStep(6, 'Step Six');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await visible(page.getByRole('group', { name: SECRET.added }));
    expect(
      await page.getByRole('group', { name: SECRET.added }).getByRole('textbox').nth(0).inputValue(),
    ).toBe(SECRET.defectAnswer(2, 0));
    await openStep(7, 'Step Seven');
    await visible(page.getByText(SECRET.notes));
    await openStep(1, 'Step One');
    await visible(page.getByText('Congratulations! You have completed Step One.'));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => page.getByLabel('My Step One', { exact: true }).inputValue()).toBe(SECRET.step1);
    expect(pageErrors).toEqual([]);
  });
});
