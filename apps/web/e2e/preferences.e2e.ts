/**
 * Finding a path, signed in: the dashboard's states, onboarding (with and without assessment results, a
 * visitor's choice kept through sign-up and saved alone, the current primary marked, programs in the
 * registry's order), the recovery programs page for visitors, its setup screen and the personal home page
 * (add, make primary, remove, Continue: last page under the program it belongs to), and the Coming Soon
 * alert for a program without step tools. Every account gets its own browser context. axe runs on every page.
 */
import { STORAGE_KEYS } from '@sam/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  completeSignUp,
  dialog,
  hidden,
  menuButton,
  newAccount,
  pageHeading,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

/** The visitor uses the main page; each account a context of its own (newPage). */
const env = e2eEnvironment();
const shot = screenshots('preferences', { fullPage: 'also' });

/** The onboarding page's program buttons, in order, each by its program's name (its first line). */
function onboardingOptions(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: /^(Choose your primary program|Recovery programs)$/ })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.querySelector('span')?.textContent ?? ''));
}

const REGISTRY_ORDER = [
  'SAA - Sex Addicts Anonymous',
  'AA - Alcoholics Anonymous',
  'NA - Narcotics Anonymous',
  'OA - Overeaters Anonymous',
  'GA - Gamblers Anonymous',
  'DA - Debtors Anonymous',
  'CoDA - Co-Dependents Anonymous',
  'CA - Cocaine Anonymous',
];

/** Opens /onboarding with the route state the self-assessment sends. */
async function openOnboardingWithResults(page: Page, ranked: string[]): Promise<void> {
  await page.goto('/');
  await page.evaluate((preselectedPrograms) => {
    window.history.replaceState(
      { usr: { preselectedPrograms, fromAssessment: true }, key: 'assess', idx: 0 },
      '',
      '/onboarding',
    );
  }, ranked);
  await page.reload();
}

describe('recovery programs for a visitor', () => {
  it('shows the hero, a login prompt, eight programs and the Create Your Account modal', async () => {
    const { page } = env;
    await page.goto('/recovery-programs');
    await visible(pageHeading(page, 'My Recovery Journey'));
    await visible(page.getByRole('complementary', { name: 'Sign in' }));
    await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(8);
    await expectAccessible(page, '/recovery-programs (visitor)');
    await shot(page, 'programs-visitor');

    await page.getByRole('button', { name: 'Why create an account?' }).click();
    const modal = await visible(dialog(page, 'Create Your Account'));
    await visible(modal.getByText('Everything you write is encrypted on your device before it is saved'));
    await visible(modal.getByRole('button', { name: 'Login', exact: true }));
    await expectAccessible(page, 'Create Your Account modal');
    await shot(page, 'programs-visitor-modal');
    await modal.getByRole('button', { name: 'Continue Browsing' }).click();
    await hidden(modal);

    await page.getByRole('button', { name: 'Why create an account?' }).click();
    await (await visible(dialog(page, 'Create Your Account')))
      .getByRole('button', { name: 'Create Account', exact: true })
      .click();
    await visible(dialog(page, 'Create Account'));
  });
});

describe('onboarding from the self-assessment, then the personal home page', () => {
  const account = newAccount('prefs', 'Avery');
  let page: Page;

  it('shows the ranked results and keeps a visitor’s choice through sign-up', async () => {
    ({ page } = await env.newPage());
    await openOnboardingWithResults(page, ['saa', 'aa']);
    await visible(pageHeading(page, 'Your Assessment Results'));
    const ranked = page.getByRole('region', { name: 'Recommended for you' }).getByRole('listitem');
    await expect
      .poll(() => ranked.allInnerTexts())
      .toEqual([
        expect.stringMatching(/#1\s*SAA - Sex Addicts Anonymous\s*Primary/),
        expect.stringMatching(/#2\s*AA - Alcoholics Anonymous$/),
      ]);
    expect(await page.getByText('Recommended', { exact: true }).count()).toBe(2);
    await visible(page.getByText(/only that program is added to your programs/));
    expect(await onboardingOptions(page)).toEqual([...REGISTRY_ORDER, 'Not sure yet']);
    await visible(page.getByRole('button', { name: 'Not sure yet' }));
    await visible(page.getByRole('button', { name: 'Skip for now' }));
    await expectAccessible(page, '/onboarding with results (visitor)');
    await shot(page, 'onboarding-results');

    await page.getByRole('button', { name: /^SAA - Sex Addicts Anonymous/ }).click();
    await completeSignUp(page, env.mail, account);
    // Lands on the dashboard with SAA primary.
    await visible(page.getByRole('heading', { level: 2, name: 'Sex Addicts Anonymous' }), 15_000);
    await visible(page.getByRole('link', { name: 'Start Step 1' }));
    await visible(page.getByRole('link', { name: 'My SAA 12 Step Progress' }));
    await visible(page.getByRole('link', { name: 'More SAA Resources' }));
    await expectAccessible(page, 'dashboard (main)');
  });

  it('saved only the program picked; adds, makes another primary and removes on the personal home page', async () => {
    await page.goto('/recovery-programs');
    await visible(page.getByRole('heading', { level: 2, name: 'SAA - Sex Addicts Anonymous' }));
    await visible(page.getByRole('link', { name: 'Go to SAA - Sex Addicts Anonymous' }));
    // Only the home page and the account pages were visited so far: nothing to continue.
    expect(await page.getByRole('link', { name: /^Continue:/ }).count()).toBe(0);
    // Only the chosen SAA was saved: the suggested AA is not among the programs.
    const others = page.getByRole('region', { name: 'Your Other Programs' });
    await visible(page.getByRole('link', { name: 'Take Self-Assessment' }));
    expect(await others.count()).toBe(0);
    await visible(page.getByRole('link', { name: 'View Profile' }));
    await visible(page.getByText(/Most people work with 1-2 programs at a time/));
    await expectAccessible(page, 'personal home page');

    await page.getByRole('button', { name: 'Add Another Program' }).click();
    await visible(page.getByRole('button', { name: 'Hide' }));
    await visible(page.getByRole('link', { name: 'View Program: NA - Narcotics Anonymous' }));
    await shot(page, 'personal-home-add');
    await expectAccessible(page, 'personal home page (add open)');
    await page.getByRole('button', { name: 'Add to My Programs: AA - Alcoholics Anonymous' }).click();
    await visible(others.getByText('AA - Alcoholics Anonymous', { exact: true }));
    await page.getByRole('button', { name: 'Add to My Programs: NA - Narcotics Anonymous' }).click();
    await visible(others.getByText('NA - Narcotics Anonymous', { exact: true }));

    const put = page.waitForRequest(
      (r) => r.url().endsWith('/api/user/program-preferences') && r.method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Make Primary: AA - Alcoholics Anonymous' }).click();
    expect((await put).postDataJSON()).toEqual({ primaryProgram: 'aa' });
    await visible(page.getByRole('heading', { level: 2, name: 'AA - Alcoholics Anonymous' }));
    await visible(others.getByText('SAA - Sex Addicts Anonymous', { exact: true }));

    // Removing a program asks first.
    await page.getByRole('button', { name: 'Remove NA - Narcotics Anonymous' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: /^Remove NA/ }));
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await hidden(confirm);
    await hidden(others.getByText('NA - Narcotics Anonymous', { exact: true }));
    await expect.poll(() => others.getByRole('listitem').count()).toBe(1);
    await shot(page, 'personal-home');
  });

  it('shows the Coming Soon alert for the steps of a program without step tools', async () => {
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 2, name: 'Alcoholics Anonymous' }));
    await page.getByRole('button', { name: 'Start Step 1' }).click();
    const alert = await visible(dialog(page, 'Coming Soon'));
    await visible(alert.getByText(/twelve-step tools for this program are under development/));
    await expectAccessible(page, 'Coming Soon alert');
    await alert.getByRole('button', { name: 'OK' }).click();
    await hidden(alert);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('offers Continue: {title} under the program the page belongs to, not the primary one', async () => {
    await page.goto('/programs/saa/12-steps/step-1');
    await visible(pageHeading(page, /^Step (1|One)$/));
    await page.goto('/recovery-programs');
    // AA is primary now; step 1 is SAA's, so Continue sits in SAA's row.
    const primaryCard = page.getByRole('region', { name: 'AA - Alcoholics Anonymous' });
    await visible(primaryCard);
    const saaRow = page
      .getByRole('region', { name: 'Your Other Programs' })
      .getByRole('listitem')
      .filter({ hasText: 'SAA - Sex Addicts Anonymous' });
    const resume = await visible(saaRow.getByRole('link', { name: /^Continue: Step (1|One)$/ }));
    expect(await primaryCard.getByRole('link', { name: /^Continue:/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Continue:/ }).count()).toBe(1);
    await expectAccessible(page, 'personal home page (Continue under SAA)');
    await shot(page, 'personal-home-continue', { desktop: true });
    await resume.click();
    await page.waitForURL((url) => url.pathname === '/programs/saa/12-steps/step-1');
    await visible(pageHeading(page, /^Step (1|One)$/));

    // A page of no program: Continue stands on its own, above the programs.
    await page.goto('/discover');
    await visible(pageHeading(page, 'Discover Recovery'));
    // The heading comes with the prerendered page; the visit is recorded once the app has started for the
    // signed-in user, which a loaded machine takes its time over.
    await visible(menuButton(page));
    await page.waitForFunction(
      (key) => localStorage.getItem(key)?.includes('"/discover"') ?? false,
      STORAGE_KEYS.userPageVisits,
    );
    await page.goto('/recovery-programs');
    await visible(page.getByRole('link', { name: 'Continue: Discover Recovery' }));
    expect(await primaryCard.getByRole('link', { name: /^Continue:/ }).count()).toBe(0);
    expect(await saaRow.getByRole('link', { name: /^Continue:/ }).count()).toBe(0);
    await shot(page, 'personal-home-continue-alone', { desktop: true });
  });
});

describe('a new account', () => {
  const account = newAccount('prefs', 'Blake');
  let page: Page;

  it('starts on the dashboard without a primary program', async () => {
    ({ page } = await env.newPage());
    await signUp(page, env.mail, account);
    await visible(page.getByRole('link', { name: 'Select My Program' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Assess' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Discover' }));
    await expectAccessible(page, 'dashboard (no primary program)');
    await shot(page, 'dashboard-no-primary');
  });

  it('picks SAA on onboarding, then Start Step 1 opens step 1', async () => {
    await page.getByRole('link', { name: 'Select My Program' }).click();
    await visible(pageHeading(page, 'Pick your primary recovery program'));
    expect(await page.getByText('Recommended', { exact: true }).count()).toBe(0);
    // The same order as the setup screen: the registry's, SAA first. No primary yet, none marked.
    expect(await onboardingOptions(page)).toEqual([...REGISTRY_ORDER, 'Not sure yet']);
    expect(await page.getByText('Current primary', { exact: true }).count()).toBe(0);
    await expectAccessible(page, '/onboarding (signed in)');
    await shot(page, 'onboarding');
    const post = page.waitForRequest(
      (r) => r.url().endsWith('/api/user/program-preferences') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'SAA - Sex Addicts Anonymous' }).click();
    expect((await post).postDataJSON()).toEqual({ selectedPrograms: ['saa'], primaryProgram: 'saa' });
    await page.waitForURL((url) => url.pathname === '/');
    await visible(page.getByText('SAA', { exact: true }));
    await shot(page, 'dashboard-main');
    await page.getByRole('link', { name: 'Start Step 1' }).click();
    await page.waitForURL((url) => url.pathname === '/programs/saa/12-steps/step-1');
    await visible(pageHeading(page, /^Step (1|One)$/));
  });

  it('sends the user home when an onboarding save fails, and Skip for now saves nothing', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Change my primary program' }).click();
    await visible(pageHeading(page, 'Pick your primary recovery program'));
    // The program that is primary now is marked, in its place in the registry's order.
    await visible(
      page.getByRole('button', { name: 'SAA - Sex Addicts Anonymous Current primary', exact: true }),
    );
    expect(await page.getByText('Current primary', { exact: true }).count()).toBe(1);
    await visible(
      page.getByText('Your primary program now is SAA - Sex Addicts Anonymous.', { exact: false }),
    );
    expect(await onboardingOptions(page)).toEqual([...REGISTRY_ORDER, 'Not sure yet']);
    await expectAccessible(page, '/onboarding (changing the primary program)');
    await shot(page, 'onboarding-change', { desktop: true });
    await page.route('**/api/user/program-preferences', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'AA - Alcoholics Anonymous' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(page.getByRole('heading', { level: 2, name: 'Sex Addicts Anonymous' }));
    await page.unroute('**/api/user/program-preferences');

    await page.getByRole('link', { name: 'Change my primary program' }).click();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(page.getByRole('heading', { level: 2, name: 'Sex Addicts Anonymous' }));
  });

  it('shows the load error with Try Again', async () => {
    await page.route('**/api/user/program-preferences', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await page.goto('/');
    const message = "We're having trouble loading your progress right now. Please try again in a moment.";
    await visible(page.getByText(message), 15_000);
    await expectAccessible(page, 'dashboard (error)');
    await shot(page, 'dashboard-error');
    await page.unroute('**/api/user/program-preferences');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await visible(
      page
        .getByRole('link', { name: 'Continue Step 1' })
        .or(page.getByRole('link', { name: 'Start Step 1' })),
    );
  });
});

describe('the setup screen', () => {
  const account = newAccount('prefs', 'Casey');

  it('validates, reports a failed save and saves', async () => {
    const { page } = await env.newPage();
    await signUp(page, env.mail, account);
    await page.goto('/recovery-programs');
    await visible(pageHeading(page, 'Set Up Your Recovery Journey'));
    // The same order as onboarding: the registry's, SAA first.
    const labels = page.locator('form fieldset').first().locator('label');
    expect(await labels.allTextContents()).toEqual(REGISTRY_ORDER);
    const save = page.getByRole('button', { name: 'Save & Continue' });
    await visible(page.getByText('Please select at least one program', { exact: true }));
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByRole('radiogroup').count()).toBe(0);
    await expectAccessible(page, 'setup screen');

    await page.getByRole('checkbox', { name: 'GA - Gamblers Anonymous' }).click();
    await page.getByRole('checkbox', { name: 'SAA - Sex Addicts Anonymous' }).click();
    // The first chosen became primary; the radio choice shows once one is chosen.
    await visible(page.getByRole('radiogroup', { name: 'Your primary program' }));
    expect(await page.getByRole('radio', { name: 'GA - Gamblers Anonymous' }).isChecked()).toBe(true);
    expect(await save.isEnabled()).toBe(true);
    expect(await page.getByText('Please select at least one program').count()).toBe(0);
    await page.getByRole('radio', { name: 'SAA - Sex Addicts Anonymous' }).click();
    await expectAccessible(page, 'setup screen (filled in)');
    await shot(page, 'setup');

    // Unticking the primary passes it on; unticking all brings the message back.
    await page.getByRole('checkbox', { name: 'SAA - Sex Addicts Anonymous' }).click();
    expect(await page.getByRole('radio', { name: 'GA - Gamblers Anonymous' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'GA - Gamblers Anonymous' }).click();
    await visible(page.getByText('Please select at least one program', { exact: true }));
    expect(await save.isDisabled()).toBe(true);

    await page.getByRole('checkbox', { name: 'SAA - Sex Addicts Anonymous' }).click();
    await page.getByRole('checkbox', { name: 'GA - Gamblers Anonymous' }).click();
    await page.route('**/api/user/program-preferences', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' })
        : route.continue(),
    );
    await save.click();
    await visible(page.getByText('Failed to save preferences. Please try again.'));
    await page.unroute('**/api/user/program-preferences');
    await save.click();
    await visible(page.getByRole('heading', { level: 2, name: 'SAA - Sex Addicts Anonymous' }));
    await visible(
      page
        .getByRole('region', { name: 'Your Other Programs' })
        .getByText('GA - Gamblers Anonymous', { exact: true }),
    );
  });
});

describe('page errors', () => {
  it('had no uncaught errors or CSP violations', () => {
    expect(env.allPageErrors()).toEqual([]);
  });
});
