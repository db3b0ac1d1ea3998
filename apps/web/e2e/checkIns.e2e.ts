/**
 * Abstinence days and the nightly check-in, in a real Chromium against the real server: a backdated start
 * (40 days, the 30-day milestone reached), a slip recorded kindly (the count restarts on the chosen day and
 * the history keeps the old period), three check-ins filled in through the day picker and shown on the
 * calendar, the CSV made in the browser, the dashboard's Today card with the middle-circle dialog, and a
 * reach-out to a sponsor (a second browser) who reads it in the sponsor space.
 */
import { readFileSync } from 'node:fs';
import { addDays, localCalendarDate, longDay, shortDay } from '@sam/core';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTrafficDuring, expectAccessible, expectReadAhead } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  type Account,
  compareSafetyCodes,
  dialog,
  hidden,
  inviteSponsorWhoSignsUp,
  newAccount,
  pageHeading,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment();
const shot = screenshots('check-ins', { desktop: true });

const today = localCalendarDate();
const daysAgo = (n: number) => addDays(today, -n);

const todayCard = (page: Page) => page.getByRole('region', { name: 'Today', exact: true });
const countHeading = (page: Page, text: string) =>
  page.getByRole('heading', { level: 2, name: text, exact: true });
const checkInForm = (page: Page) => page.getByRole('form', { name: /^Check-in for/ });
const calendar = (page: Page) => page.getByRole('table', { name: /^Check-ins by day/ });

/** Fills one day's check-in through the day picker and saves it. */
async function checkIn(page: Page, day: string, circle: string, moods: string[], gratitude = '') {
  await page.getByLabel('Check-in for', { exact: true }).selectOption(day);
  const form = checkInForm(page);
  await form.getByRole('radio', { name: circle }).check();
  for (const mood of moods) await form.getByRole('button', { name: mood, exact: true }).click();
  if (gratitude) await form.getByLabel('One thing I am grateful for').fill(gratitude);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/check-ins/') && r.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save check-in' }).click();
  expect((await saved).status()).toBe(200);
  await visible(form.getByText(/is saved\. Thank you for checking in\./));
}

describe('abstinence days and the nightly check-in', () => {
  const account: Account = newAccount('checkins', 'Ada');

  afterAll(() => {
    expect(env.allPageErrors(), 'CSP violations or page errors').toEqual([]);
  });

  it('signs up and picks SAA: the dashboard offers a start date and tonight’s check-in', async () => {
    const { page, mail } = env;
    await signUp(page, mail, account);
    await page.getByRole('link', { name: 'Select My Program' }).click();
    await page.getByRole('button', { name: 'SAA - Sex Addicts Anonymous' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const card = await visible(todayCard(page), 15_000);
    await visible(card.getByRole('link', { name: 'Set your abstinence start date' }), 15_000);
    await visible(card.getByRole('link', { name: 'Check in tonight' }));
  });

  it('sets a start 40 days ago: 40 days, and the 30-day milestone reached', async () => {
    const { page } = env;
    await todayCard(page).getByRole('link', { name: 'Set your abstinence start date' }).click();
    await visible(pageHeading(page, 'Abstinence days'), 15_000);
    await visible(page.getByRole('heading', { name: 'When did your abstinence start?' }), 15_000);
    await expectAccessible(page, 'abstinence page before a start date');
    await shot(page, 'abstinence-start');

    await page.getByLabel('Start date').fill(daysAgo(40));
    await page.getByRole('button', { name: 'Start counting' }).click();
    await visible(countHeading(page, '40 days'), 15_000);
    await visible(page.getByText(`since ${longDay(daysAgo(40))}`));
    const reached = page.getByRole('region', { name: 'Milestones reached' });
    expect(await reached.getByRole('listitem').allTextContents()).toEqual([
      `1 day${shortDay(daysAgo(39))}`,
      `7 days${shortDay(daysAgo(33))}`,
      `14 days${shortDay(daysAgo(26))}`,
      `30 days${shortDay(daysAgo(10))}`,
    ]);
    await visible(page.getByText(`Next milestone: 60 days on ${longDay(addDays(today, 20))}`));
    await expectAccessible(page, 'abstinence page, 40 days');
    await shot(page, 'abstinence-40-days', { fullPage: 'also' });
  });

  it('records a slip kindly: the count restarts on the chosen day, and the history keeps the old period', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Record a slip' }).click();
    const slip = await visible(dialog(page, 'Record a slip'));
    await visible(slip.getByText(/A slip is not the end of your recovery\. Thank you for being honest\./));
    await expectAccessible(page, 'the Record a slip dialog');
    await shot(page, 'slip-dialog');

    await slip.getByLabel('The day of the slip').fill(daysAgo(10));
    expect(await slip.getByLabel('Your new count starts on').inputValue()).toBe(daysAgo(9));
    await slip.getByLabel('Your new count starts on').fill(daysAgo(8));
    await slip.getByLabel('A note for yourself (optional)').fill('A lonely evening after work.');
    await slip.getByRole('button', { name: 'Record the slip' }).click();
    await hidden(slip, 15_000);
    await visible(countHeading(page, '8 days'), 15_000);
    await visible(page.getByText(/Your slip is recorded/));

    const history = page.getByRole('region', { name: 'History' });
    const periods = history.getByRole('listitem');
    expect(await periods.count()).toBe(2);
    expect(await periods.nth(0).locator('p').first().textContent()).toBe(
      `${shortDay(daysAgo(8))} to today · 8 days · running`,
    );
    expect(await periods.nth(1).locator('p').first().textContent()).toBe(
      `${shortDay(daysAgo(40))} to ${shortDay(daysAgo(10))} · 30 days`,
    );
    await visible(history.getByText('A lonely evening after work.'));
    await expectAccessible(page, 'abstinence page after a slip');
    await shot(page, 'abstinence-after-slip', { fullPage: 'also' });

    // The history's dialogs: a correction, and taking a slip back (both left as they were).
    await history
      .getByRole('button', { name: `Correct: ${shortDay(daysAgo(40))} to ${shortDay(daysAgo(10))}` })
      .click();
    const correct = await visible(dialog(page, 'Correct this period'));
    await expectAccessible(page, 'the Correct this period dialog');
    await shot(page, 'correct-dialog');
    await correct.getByRole('button', { name: 'Cancel' }).click();
    await hidden(correct);

    await history
      .getByRole('button', { name: `This was not a slip: the slip on ${shortDay(daysAgo(10))}` })
      .click();
    const takeBack = await visible(dialog(page, 'Take back this slip?'));
    await expectAccessible(page, 'the Take back this slip? dialog');
    await takeBack.getByRole('button', { name: 'Keep it' }).click();
    await hidden(takeBack);
    await visible(countHeading(page, '8 days'));
  });

  it('fills in three check-ins through the day picker and shows them on the calendar', async () => {
    const { page } = env;
    await page.goto('/programs/saa/check-in');
    await visible(pageHeading(page, 'Nightly check-in'), 15_000);
    await visible(checkInForm(page), 15_000);
    await visible(page.getByText('Your first check-in takes about a minute.'));
    await expectAccessible(page, 'check-in page, empty');
    await shot(page, 'check-in-empty', { fullPage: 'also' });

    await checkIn(page, today, 'Outer circle: a healthy day', ['Hopeful', 'Peaceful'], 'A walk by the river');
    await checkIn(page, daysAgo(1), 'Middle circle: some warning signs', ['Anxious']);
    await page.getByLabel('Check-in for', { exact: true }).selectOption(daysAgo(2));
    await checkInForm(page).getByRole('radio', { name: 'Inner circle: I slipped' }).check();
    const offer = checkInForm(page).getByRole('link', { name: 'Record a slip on my abstinence page' });
    await visible(offer);
    expect(await offer.getAttribute('href')).toBe(`/programs/saa/abstinence?slip=${daysAgo(2)}`);
    await checkInForm(page).getByText('Step 10 questions (optional)').click();
    await checkInForm(page).getByLabel('Where was I afraid?').fill('Of being found out');
    await expectAccessible(page, 'check-in form with the inner circle and the Step 10 questions');
    await shot(page, 'check-in-inner', { fullPage: 'also' });
    await checkInForm(page).getByRole('button', { name: 'Save check-in' }).click();
    await visible(checkInForm(page).getByText(/is saved/));

    const cal = calendar(page);
    await visible(
      cal.getByRole('cell', { name: `${longDay(today)}: outer circle, hopeful, peaceful`, exact: true }),
    );
    await visible(
      cal.getByRole('cell', { name: `${longDay(daysAgo(1))}: middle circle, anxious`, exact: true }),
    );
    await visible(cal.getByRole('cell', { name: `${longDay(daysAgo(2))}: inner circle`, exact: true }));
    await visible(cal.getByRole('cell', { name: `${longDay(daysAgo(3))}: no check-in`, exact: true }));
    await visible(page.getByText('3 days in a row. Every check-in counts.'));
    await visible(page.getByText('Outer circle: 1'));

    // Re-opening a day edits it.
    await page.getByLabel('Check-in for', { exact: true }).selectOption(daysAgo(1));
    await visible(checkInForm(page).getByText('You checked in for this day. Saving again replaces it.'));
    expect(
      await checkInForm(page).getByRole('radio', { name: 'Middle circle: some warning signs' }).isChecked(),
    ).toBe(true);

    // The pointer out of the way: the line under the calendar then shows the day moved to.
    await page.mouse.move(0, 0);
    await cal.getByRole('cell', { name: new RegExp(`^${longDay(today)}`) }).focus();
    await page.keyboard.press('ArrowLeft');
    await visible(page.getByText(`${longDay(daysAgo(1))}: middle circle, anxious`, { exact: true }));
    await expectAccessible(page, 'check-in page with three check-ins');
    await shot(page, 'check-in-calendar', { fullPage: 'also', scrollTo: cal });

    // A reload asks for the check-ins beside the session check, not after its answer, and once.
    const traffic = await apiTrafficDuring(page, async () => {
      await page.reload();
      await visible(
        cal.getByRole('cell', { name: `${longDay(today)}: outer circle, hopeful, peaceful` }),
        15_000,
      );
    });
    expectReadAhead(traffic, 'GET /api/check-ins');
  });

  it('downloads the check-ins as CSV, made in the browser', async () => {
    const { page, traffic } = env;
    const sent = traffic.length;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my check-ins (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`sam-check-ins-${today}.csv`);
    const path = await download.path();
    const rows = readFileSync(path, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Date,Circle,Moods,HALT,Gratitude,Where was I resentful today?,Where was I selfish?,Where was I dishonest?,Where was I afraid?,Do I owe anyone an apology?',
    );
    expect(rows.slice(1)).toEqual([
      `${daysAgo(2)},inner,,,,,,,Of being found out,`,
      `${daysAgo(1)},middle,Anxious,,,,,,,`,
      `${today},outer,Hopeful; Peaceful,,A walk by the river,,,,,`,
    ]);
    // Nothing readable left the browser to make it.
    expect(traffic.slice(sent).join('\n')).not.toContain('river');
  });

  it('shows the day counter and tonight’s check-in on the dashboard, and the middle-circle dialog', async () => {
    const { page } = env;
    await page.goto('/');
    const card = await visible(todayCard(page), 15_000);
    await visible(card.getByRole('link', { name: '8 days of abstinence' }), 15_000);
    await visible(card.getByRole('link', { name: 'Tonight’s check-in: done' }));
    await expectAccessible(page, 'dashboard with the Today card');
    await shot(page, 'dashboard-today', { fullPage: 'also' });

    await card.getByRole('button', { name: 'I’m in my middle circle' }).click();
    const reaching = await visible(dialog(page, 'Reaching out'));
    await visible(reaching.getByRole('link', { name: 'Profile › Sponsorship' }), 15_000);
    await visible(reaching.getByRole('heading', { name: 'If you are in crisis' }));
    await expectAccessible(page, 'the middle-circle dialog without a sponsor');
    await shot(page, 'middle-circle-dialog');
    await reaching.getByRole('link', { name: 'Do tonight’s check-in' }).click();
    await page.waitForURL((url) => url.pathname === '/programs/saa/check-in');
    await hidden(reaching);
  });

  it('lets her sponsor know from the middle-circle dialog, and the sponsor reads the note', async () => {
    const { page, traffic } = env;
    const bo = newAccount('bo-checkins', 'Bo');
    const boPage = await inviteSponsorWhoSignsUp(env, page, bo);
    await compareSafetyCodes({ page, name: account.name }, { page: boPage, name: bo.name });
    await page.goto('/');
    await todayCard(page).getByRole('button', { name: 'I’m in my middle circle' }).click();
    const reaching = await visible(dialog(page, 'Reaching out'));
    const line = await visible(reaching.getByLabel('A line for Bo (optional)'), 30_000);
    await line.fill('Could you call me tonight?');
    await expectAccessible(page, 'the middle-circle dialog with a sponsor');
    await shot(page, 'middle-circle-sponsor');
    const sent = traffic.length;
    await reaching.getByRole('button', { name: 'Let Bo know' }).click();
    await visible(reaching.getByText(/Bo can read your note in your shared space now/), 30_000);
    expect(traffic.slice(sent).join('\n')).not.toContain('call me');

    await boPage.goto('/sponsees');
    await visible(pageHeading(boPage, 'My sponsees'), 15_000);
    await boPage.getByRole('link', { name: 'Ada' }).click();
    await visible(pageHeading(boPage, 'Shared by Ada'), 30_000);
    const item = await visible(boPage.getByRole('article', { name: /^Reaching out/ }), 30_000);
    await item.locator('summary').click();
    await visible(
      item.getByText(/I’m in my middle circle today and reaching out\.\s+Could you call me tonight\?/),
    );
    await shot(boPage, 'sponsor-reads-reach-out');
  });
});
