/**
 * The self-assessment in a real Chromium on a phone-sized screen, against the real server: a visitor
 * answers the seven general questions, chooses two areas (sex: all yes, food: half yes), reloads midway
 * and keeps the answers, sees SAA ranked above OA with Strong and Moderate fit and the reasons, the
 * patterns and the crisis lines, goes on to /onboarding with the ranked slugs in the route state, comes
 * back and retakes. A second visitor with under two yes answers goes straight to the results. No request
 * URL or body may carry an answer; axe runs on every stage.
 */
import { ASSESSMENT_MODULES, LEVEL_A_QUESTIONS } from '@sam/core';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, holdAppScripts } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import { visible } from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

/** Each visitor gets a browser context of their own. */
const env = e2eEnvironment({ pagePerTest: true });
const shot = screenshots('assessment', { fullPage: 'also' });

const STORAGE_KEY = 'sam_self_assessment';
const sex = ASSESSMENT_MODULES.find((m) => m.id === 'sex');
const food = ASSESSMENT_MODULES.find((m) => m.id === 'food');
if (!sex || !food) throw new Error('The sex and food areas must exist');
/** Level A: yes to 1, 2, 3, 4 and 6 (five yes: the "hurting" wording), no to 5 and 7. */
const LEVEL_A_YES = [true, true, true, true, false, true, false];
const FOOD_ANSWERS = [true, false, true, false];

const stageHeading = (name: string | RegExp) => env.page.getByRole('heading', { level: 2, name });
const questionHeading = (position: string) =>
  env.page.getByRole('heading', { name: new RegExp(`^${position} `) });
const answerButton = (value: boolean) =>
  env.page.getByRole('button', { name: value ? 'Yes' : 'No', exact: true });

/** Answers the question shown as `position` and waits for the auto-advance to `next` (a locator). */
async function answer(position: string, value: boolean, next: Locator, by: 'tap' | 'keyboard' = 'tap') {
  await visible(questionHeading(position));
  if (by === 'keyboard') {
    await answerButton(value).focus();
    await env.page.keyboard.press('Enter');
  } else {
    await answerButton(value).click();
  }
  await visible(next);
}

async function stored(): Promise<unknown> {
  return env.page.evaluate((key) => {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  }, STORAGE_KEY);
}

async function progressValues(): Promise<{ value: string | null; max: string | null; text: string | null }> {
  const bar = env.page.getByRole('progressbar');
  return {
    value: await bar.getAttribute('value'),
    max: await bar.getAttribute('max'),
    text: await bar.getAttribute('aria-valuetext'),
  };
}

describe('self-assessment', () => {
  it('takes a visitor from the questions to ranked programs and on to onboarding', async () => {
    const { page, pageErrors, traffic } = env;

    // Welcome
    await page.goto('/self-assess');
    await visible(page.getByRole('heading', { level: 1, name: 'Am I an Addict?', exact: true }));
    await visible(stageHeading('A private check-in with yourself'));
    expect(await page.title()).toBe('Am I an Addict? | SAM');
    await expect.poll(() => page.getByText('Your answers stay on this device').count()).toBe(1);
    await expectAccessible(page, 'assessment welcome');
    await shot(page, '01-welcome');
    await page.getByRole('button', { name: 'Start the assessment' }).click();

    // Level A: seven questions, each answer moves on by itself after 300 ms
    await visible(questionHeading('Question 1 of 7'));
    expect(await progressValues()).toEqual({ value: '0', max: '7', text: '0 of 7 answered' });
    await expect.poll(() => page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'level A question');
    await shot(page, '02-level-a');
    for (const [i, yes] of LEVEL_A_YES.entries()) {
      const next =
        i < 6
          ? questionHeading(`Question ${i + 2} of 7`)
          : stageHeading('Which areas would you like to look at?');
      // the focused heading is the new question, so a screen reader reads it
      await answer(`Question ${i + 1} of 7`, yes, next, i === 0 ? 'keyboard' : 'tap');
      if (i < 6) {
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
          .toContain(`Question ${i + 2} of 7`);
      }
    }

    // Area choice, with the wording for five yes answers
    await visible(page.getByText('It sounds like something is hurting you right now'));
    await expectAccessible(page, 'area choice');
    await shot(page, '03-modules');
    await expect.poll(() => page.getByRole('checkbox').count()).toBe(7);
    await page.getByRole('checkbox', { name: /^Sex/ }).check();
    await page.getByRole('checkbox', { name: /^Food/ }).check();
    await page.getByRole('button', { name: 'Continue with 2 areas' }).click();

    // Sex: one question at a time, Next only when the whole area is answered
    await visible(stageHeading(/^Area 1 of 2/));
    await visible(questionHeading('Question 1 of 4'));
    expect(await progressValues()).toEqual({ value: '0', max: '8', text: '0 of 8 answered' });
    const nextButton = page.getByRole('button', { name: 'Next', exact: true });
    expect(await nextButton.isDisabled()).toBe(true);
    await expectAccessible(page, 'area question');
    await shot(page, '04-question');
    await answer('Question 1 of 4', true, questionHeading('Question 2 of 4'));
    await answer('Question 2 of 4', true, questionHeading('Question 3 of 4'));

    // A reload midway keeps the answers and the place
    await page.reload();
    await visible(stageHeading(/^Area 1 of 2/));
    await visible(questionHeading('Question 3 of 4'));
    expect(await progressValues()).toEqual({ value: '2', max: '8', text: '2 of 8 answered' });
    await page.getByRole('button', { name: 'Previous' }).click();
    await visible(questionHeading('Question 2 of 4'));
    expect(await answerButton(true).getAttribute('aria-pressed')).toBe('true');
    expect(await nextButton.isDisabled()).toBe(true);
    await answer('Question 2 of 4', true, questionHeading('Question 3 of 4'));
    await answer('Question 3 of 4', true, questionHeading('Question 4 of 4'));
    await answer('Question 4 of 4', true, stageHeading(/^Area 2 of 2/));

    // Food: half yes
    for (const [i, yes] of FOOD_ANSWERS.entries()) {
      const next = i < 3 ? questionHeading(`Question ${i + 2} of 4`) : stageHeading('Your Results');
      await answer(`Question ${i + 1} of 4`, yes, next);
    }

    // Results: SAA (Strong fit) before OA (Moderate fit), each with its reasons
    await visible(page.getByText('Some of what you shared sounds like it is hurting you'));
    const results = page
      .getByRole('list', { name: 'Suggested programs, best fit first' })
      .getByRole('listitem');
    await expect.poll(() => results.filter({ has: page.getByRole('heading') }).count()).toBe(2);
    const first = results.filter({ hasText: 'Sex Addicts Anonymous (SAA)' });
    const second = results.filter({ hasText: 'Overeaters Anonymous (OA)' });
    const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.slice(0, 2).map((t) => t.replace(/^\d+\. /, ''))).toEqual([
      'Sex Addicts Anonymous (SAA)',
      'Overeaters Anonymous (OA)',
    ]);
    expect(await first.getByText('Strong fit', { exact: true }).count()).toBe(1);
    expect(await second.getByText('Moderate fit', { exact: true }).count()).toBe(1);
    expect(await first.getByText('Why this suggestion:').count()).toBe(1);
    for (const q of sex.questions) expect(await first.getByText(q.text, { exact: true }).count()).toBe(1);
    for (const [i, q] of food.questions.entries()) {
      expect(await second.getByText(q.text, { exact: true }).count()).toBe(FOOD_ANSWERS[i] ? 1 : 0);
    }
    expect(await first.getByRole('link', { name: 'Learn about SAA' }).getAttribute('href')).toBe(
      '/programs/saa',
    );
    expect(await second.getByRole('link', { name: 'Learn about OA' }).getAttribute('href')).toBe(
      '/programs/oa',
    );

    // Patterns from the level-A yes answers, the next steps, the disclaimer and the crisis lines
    const patterns = page.getByRole('heading', { name: 'Patterns you recognized' }).locator('xpath=..');
    const expectedPatterns = LEVEL_A_QUESTIONS.filter((_, i) => LEVEL_A_YES[i]).map((q) => q.pattern);
    expect(await patterns.getByRole('listitem').allTextContents()).toEqual(expectedPatterns);
    await visible(page.getByRole('heading', { name: 'Ready to begin your recovery journey?' }));
    expect(await page.getByRole('link', { name: 'Explore More Programs' }).getAttribute('href')).toBe(
      '/discover',
    );
    await visible(page.getByRole('heading', { name: 'Also worth exploring' }));
    expect(await page.getByRole('link', { name: 'Browse all programs' }).getAttribute('href')).toBe(
      '/recovery-programs',
    );
    await visible(page.getByText('not a diagnosis and is not medical advice'));
    await visible(page.getByText('you are welcome in recovery communities'));
    const crisis = page.getByRole('region', { name: 'If you are in crisis' });
    expect(await crisis.getByRole('link', { name: '988', exact: true }).getAttribute('href')).toBe('tel:988');
    expect(await crisis.getByRole('link', { name: 'text 988' }).getAttribute('href')).toBe('sms:988');
    expect(await crisis.getByRole('link', { name: '1-800-662-HELP' }).getAttribute('href')).toBe(
      'tel:18006624357',
    );
    await visible(page.getByText('open 24/7 (US)'));
    await expectAccessible(page, 'results');
    await shot(page, '05-results');

    // The results survive a reload too
    await page.reload();
    await visible(stageHeading('Your Results'));
    const assessmentId = ((await stored()) as { assessment_id: string }).assessment_id;
    expect(assessmentId).toMatch(/^[0-9a-f-]{36}$/);

    // Start My Recovery Journey: /onboarding with the ranked slugs in the route state
    await page.getByRole('button', { name: 'Start My Recovery Journey' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    const state = (await page.evaluate(() => history.state)) as { usr?: unknown };
    expect(state.usr).toEqual({ preselectedPrograms: ['saa', 'oa'], fromAssessment: true });

    // Back to the results, then Retake clears everything
    await page.goBack();
    await visible(stageHeading('Your Results'));
    await page.getByRole('button', { name: 'Retake assessment' }).click();
    await visible(stageHeading('A private check-in with yourself'));
    expect(await stored()).toBeNull();
    await page.reload();
    await visible(stageHeading('A private check-in with yourself'));

    // Nothing the visitor answered left the browser
    const secrets = [
      STORAGE_KEY,
      assessmentId,
      'yes_count',
      'modules_selected',
      'levelA',
      ...LEVEL_A_QUESTIONS.flatMap((q) => [q.text, q.pattern]),
      ...[sex, food].flatMap((m) => m.questions.map((q) => q.text)),
      'Strong fit',
      'Moderate fit',
    ];
    const leaks = traffic.filter((request) => secrets.some((s) => request.includes(s)));
    expect(leaks).toEqual([]);
    const selfAssessRequests = traffic.filter((r) => /\/self-assess\?|[?&](q\d|sex|food|yes)=/.test(r));
    expect(selfAssessRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('goes straight to the results with under two yes answers, still offering programs', async () => {
    const { page, pageErrors } = env;
    await page.goto('/self-assess');
    await page.getByRole('button', { name: 'Start the assessment' }).click();
    for (let i = 0; i < 7; i++) {
      const next = i < 6 ? questionHeading(`Question ${i + 2} of 7`) : stageHeading('Your Results');
      await answer(`Question ${i + 1} of 7`, i === 2, next);
    }
    await visible(page.getByText('Your answers do not point strongly to a problem right now'));
    await visible(page.getByText('No area was looked at in detail'));
    const patterns = page.getByRole('heading', { name: 'Patterns you recognized' }).locator('xpath=..');
    expect(await patterns.getByRole('listitem').allTextContents()).toEqual([LEVEL_A_QUESTIONS[2]?.pattern]);
    await visible(page.getByRole('link', { name: 'Browse all programs' }));
    await expectAccessible(page, 'results without areas');
    await shot(page, '06-results-few');
    await page.getByRole('button', { name: 'Start My Recovery Journey' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    const state = (await page.evaluate(() => history.state)) as { usr?: unknown };
    expect(state.usr).toEqual({ preselectedPrograms: [], fromAssessment: true });
    expect(pageErrors).toEqual([]);
  });

  it('starts on a tap given before the app has loaded: the prerendered button is pressed again', async () => {
    const { page, pageErrors } = env;
    // The page's scripts are held back, as on a slow phone: the visitor sees the prerendered page and taps.
    const release = await holdAppScripts(page);
    await page.goto('/self-assess', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Start the assessment' }).click();
    release();
    await visible(questionHeading('Question 1 of 7'));
    await answer('Question 1 of 7', true, questionHeading('Question 2 of 7'));
    expect(pageErrors).toEqual([]);
  });
});
