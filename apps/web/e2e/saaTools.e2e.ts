/**
 * The SAA page's tools in a real Chromium at 360 px, against the real server: a visitor follows the
 * tiles from /programs/saa, answers "Am I a Sex Addict?" and sees the result and the way on to SAA, with
 * nothing answered leaving the browser; reads "Sex Addiction"; and reaches the 3 Circles tile's address.
 * Both pages are prerendered and taken over without a hydration error, and a visitor who read down the
 * reading page before the app started keeps their place. A signed-in person is also offered
 * the 12 steps. Axe runs on every stage.
 */
import { assessmentModule } from '@sam/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, holdAppScripts } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import { menuButton, newAccount, pageHeading, signUp, visible } from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

const env = e2eEnvironment({ pagePerTest: true });
const shot = screenshots('saaTools', { fullPage: 'also', desktop: true });

const SEX = assessmentModule('sex');
const STORAGE_KEY = 'sam_area_check_sex';
const CHECK = '/programs/saa/am-i-a-sex-addict';
const READING = '/programs/saa/sex-addiction';
/** Yes to questions 1, 2 and 4: a Strong fit. */
const ANSWERS = [true, true, false, true];

const stageHeading = (name: string | RegExp) => env.page.getByRole('heading', { level: 2, name });
const questionHeading = (n: number) => stageHeading(new RegExp(`^Question ${n} of ${SEX.questions.length} `));

async function breadcrumbs(): Promise<string[]> {
  const nav = env.page.getByRole('navigation', { name: 'Breadcrumb' });
  return (await nav.getByRole('listitem').allTextContents()).map((t) => t.trim());
}

async function expectNoHorizontalScroll(label: string): Promise<void> {
  const width = await env.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `scrollWidth of ${label}`).toBeLessThanOrEqual(360);
}

/** Answers every question in order, each moving on by itself, up to the result. */
async function answerAll(page: Page, answers: readonly boolean[]) {
  await page.getByRole('button', { name: 'Start the questions' }).click();
  for (const [i, yes] of answers.entries()) {
    await visible(questionHeading(i + 1));
    await page.getByRole('button', { name: yes ? 'Yes' : 'No', exact: true }).click();
  }
  await visible(stageHeading('Your Result'));
}

function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  return messages;
}

const tile = (name: string) =>
  env.page.getByRole('region', { name: 'SAA tools' }).getByRole('link', { name, exact: true });

describe('the SAA tools', () => {
  it('takes a visitor from the SAA page to the questions, the result and the reading page', async () => {
    const { page, pageErrors, traffic } = env;

    // Both pages come prerendered: their heading is in the served HTML.
    for (const [path, heading] of [
      [CHECK, 'Am I a Sex Addict?'],
      [READING, 'Sex Addiction'],
    ]) {
      expect(await (await fetch(`${env.server.baseUrl}${path}`)).text(), path).toContain(`>${heading}</h1>`);
    }

    await page.goto('/programs/saa');
    await visible(pageHeading(page, /^Sex Addicts Anonymous/));
    expect(await page.getByText('Content to be added later').count()).toBe(0);
    await shot(page, '00-saa-tools', { fullPage: false, scrollTo: tile('Am I a Sex Addict?') });
    await tile('Am I a Sex Addict?').click();
    await page.waitForURL((url) => url.pathname === CHECK);

    // Welcome
    await visible(pageHeading(page, 'Am I a Sex Addict?'));
    await visible(stageHeading('A private look at your sexual behavior'));
    expect(await page.title()).toBe('Am I a Sex Addict? | SAM');
    expect(await breadcrumbs()).toEqual(['Home', 'Recovery Programs', 'SAA', 'Am I a Sex Addict?']);
    await visible(page.getByText('Your answers stay on this device'));
    await expectNoHorizontalScroll('welcome');
    await expectAccessible(page, 'welcome');
    await shot(page, '01-check-welcome');

    // The questions, one at a time
    await page.getByRole('button', { name: 'Start the questions' }).click();
    await visible(questionHeading(1));
    await expectAccessible(page, 'question');
    await shot(page, '02-check-question');
    for (const [i, yes] of ANSWERS.entries()) {
      await visible(questionHeading(i + 1));
      expect(await page.getByText(SEX.questions[i]?.text ?? '', { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: yes ? 'Yes' : 'No', exact: true }).click();
    }

    // The result in the self-assessment's words, and the way on to SAA
    await visible(stageHeading('Your Result'));
    await visible(page.getByText('sounds like it is hurting you'));
    const card = page.getByRole('region', { name: 'Sex Addicts Anonymous (SAA)' });
    await visible(card.getByText('Strong fit', { exact: true }));
    expect(await card.getByRole('listitem').allTextContents()).toEqual(
      SEX.questions.filter((_, i) => ANSWERS[i]).map((q) => q.text),
    );
    const wayOn = page.getByRole('region', { name: 'Where to go from here' });
    expect(await wayOn.getByRole('link', { name: 'Learn about SAA' }).getAttribute('href')).toBe(
      '/programs/saa',
    );
    expect(await wayOn.getByRole('link', { name: /^Find an SAA meeting/ }).getAttribute('href')).toBe(
      'https://saa-recovery.org/meetings/',
    );
    expect(await wayOn.getByRole('link', { name: 'Work My 12 Steps' }).count()).toBe(0);
    await visible(page.getByRole('region', { name: 'If you are in crisis' }));
    await expectNoHorizontalScroll('result');
    await expectAccessible(page, 'result');
    await shot(page, '03-check-result');

    // A reload keeps the result; Answer again forgets it
    await page.reload();
    await visible(stageHeading('Your Result'));
    await page.getByRole('button', { name: 'Answer again' }).click();
    await visible(stageHeading('A private look at your sexual behavior'));
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();

    // Nothing answered left the browser
    const secrets = [STORAGE_KEY, 'answers', 'Strong fit', ...SEX.questions.map((q) => q.text)];
    expect(traffic.filter((request) => secrets.some((s) => request.includes(s)))).toEqual([]);

    // The reading page, from its tile
    await page.goto('/programs/saa');
    await tile('Sex Addiction').click();
    await page.waitForURL((url) => url.pathname === READING);
    await visible(pageHeading(page, 'Sex Addiction'));
    expect(await page.title()).toBe('Sex Addiction | SAM');
    expect(await breadcrumbs()).toEqual(['Home', 'Recovery Programs', 'SAA', 'Sex Addiction']);
    await visible(page.getByRole('heading', { level: 2, name: 'What it is not' }));
    await visible(page.getByRole('region', { name: 'If you are in crisis' }));
    const outside = await page
      .getByRole('main')
      .locator('a[href^="http"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(outside).toEqual([
      'https://saa-recovery.org/',
      'https://saa-recovery.org/meetings/',
      'https://saa-recovery.org/literature/',
    ]);
    await expectNoHorizontalScroll('reading');
    await expectAccessible(page, 'reading');
    await shot(page, '04-reading');

    // The 3 Circles tile leads to its own address
    await page.goto('/programs/saa');
    await tile('My 3 Circles').click();
    await page.waitForURL((url) => url.pathname === '/programs/saa/three-circles');
    expect(pageErrors).toEqual([]);
  });

  it('takes a first-time visitor’s prerendered pages over without a hydration error', async () => {
    const { page, pageErrors } = env;
    const messages = recordConsole(page);
    await page.goto(READING);
    await visible(pageHeading(page, 'Sex Addiction'));
    // A link the router follows works only once the page is taken over.
    await page
      .getByRole('region', { name: 'On SAM' })
      .getByRole('link', { name: /^Am I a Sex Addict\?/ })
      .click();
    await visible(pageHeading(page, 'Am I a Sex Addict?'));
    await page.goto(CHECK);
    await page.getByRole('button', { name: 'Start the questions' }).click();
    await visible(questionHeading(1));
    expect(messages.filter((m) => /#418|#423|#425|hydrat|did not match/i.test(m))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('keeps a visitor’s place on the reading page when the app takes it over', async () => {
    const { page, pageErrors } = env;
    // The app's scripts are held back, as on a slow phone, while the visitor reads down the prerendered page.
    const release = await holdAppScripts(page);
    await page.goto(READING, { waitUntil: 'commit' });
    const link = page
      .getByRole('region', { name: 'On SAM' })
      .getByRole('link', { name: /^Am I a Sex Addict\?/ });
    await link.scrollIntoViewIfNeeded();
    const readTo = await page.evaluate(() => window.scrollY);
    expect(readTo).toBeGreaterThan(1000);
    release();
    // The router sets this once it has started on the page: the app has taken it over.
    await page.waitForFunction(() => history.scrollRestoration === 'manual');
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await page.evaluate(() => window.scrollY)).toBe(readTo);
    await link.click();
    await visible(pageHeading(page, 'Am I a Sex Addict?'));
    // The next page starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('offers a signed-in person the 12 steps after the result', async () => {
    const { page, pageErrors } = env;
    await signUp(page, env.mail, newAccount('saa-tools'));
    await page.goto(CHECK);
    // Signed in, the app draws the prerendered page anew once it has started, and a tap on the prerendered
    // page before then is not kept (app/earlyTap.ts): a person taps again on the page they then see.
    await visible(menuButton(page), 30_000);
    await answerAll(page, [false, false, false, false]);
    await visible(page.getByText('You answered no to every question'));
    await visible(page.getByText('do not point strongly to a problem right now'));
    await expectAccessible(page, 'result, signed in');
    await shot(page, '05-check-result-signed-in');
    await page.getByRole('link', { name: 'Work My 12 Steps' }).click();
    await page.waitForURL((url) => url.pathname === '/programs/saa/12-steps');
    await visible(pageHeading(page, "Working SAA's 12 Steps"));
    expect(pageErrors).toEqual([]);
  });
});
