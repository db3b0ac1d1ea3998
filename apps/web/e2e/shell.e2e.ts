/**
 * The application shell in a real Chromium at phone size, against the real server: the start-up `error`
 * alerts, every route of the app (heading, no sideways scrolling, axe), /admin for each role, the
 * signed-in menu and its dialogs (also by keyboard), the PWA files, no CSP violation anywhere, and a test
 * browser that opens no page of its own beside the app's.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  type Account,
  chooseMenuItem,
  dialog,
  eventually,
  grantAdmin,
  hidden,
  menuButton,
  newAccount,
  pageHeading,
  signIn,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots } from './support/screenshots.ts';

/** Every test starts in a fresh phone-sized context, as a visitor. */
const env = e2eEnvironment({ pagePerTest: true });
const shot = screenshots('shell');
/** A signed-up member (not an admin) shared by the signed-in tests; each signs in in its own context. */
const member: Account = newAccount('member', 'Robin');

beforeAll(async () => {
  const setup = await env.newPage();
  await signUp(setup.page, env.mail, member);
  await setup.context.close();
});

afterEach(() => {
  expect(env.pageErrors, 'CSP violations or page errors').toEqual([]);
});

/**
 * Everything on the page is inside a landmark (axe's `region` rule, which expectAccessible leaves out with
 * the other moderate ones): a screen reader moving by landmarks reaches all of it.
 */
async function expectAllInLandmarks(target: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page: target }).withRules(['region']).analyze();
  const outside = results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  expect(outside, `content outside a landmark on ${label}`).toEqual([]);
}

/** No sideways scrolling at 360 px. */
async function expectNoHorizontalScroll(label: string): Promise<void> {
  const width = await env.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `scrollWidth of ${label}`).toBeLessThanOrEqual(360);
}

/** The text of each breadcrumb, in order. */
async function breadcrumbs(): Promise<string[]> {
  const nav = env.page.getByRole('navigation', { name: 'Breadcrumb' });
  return (await nav.getByRole('listitem').allTextContents()).map((t) => t.trim());
}

/** Collects every browser alert (window.alert) and accepts it. */
function recordAlerts(target: Page): string[] {
  const alerts: string[] = [];
  target.on('dialog', (d) => {
    alerts.push(`${d.type()}: ${d.message()}`);
    void d.accept();
  });
  return alerts;
}

describe('the start-up error parameter', () => {
  const cases = [
    ['no_code', 'Login session expired. Please try logging in again.'],
    ['token_exchange_failed', 'Unable to complete login. Please try again.'],
    ['no_token', 'Login verification failed. Please try again.'],
    ['auth_failed', 'Authentication failed. Please try again.'],
    ['something_else', 'An error occurred during login. Please try again.'],
  ] as const;

  it.for(cases)('?error=%s shows its alert and leaves the address', async ([value, message]) => {
    const { page } = env;
    const alerts = recordAlerts(page);
    await page.goto(`/?error=${value}`);
    await eventually(() => alerts).toEqual([`alert: ${message}`]);
    await visible(pageHeading(page, 'Welcome to SAM'));
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.search).toBe('');
    expect(page.url()).not.toContain('error=');
  });

  it('keeps the rest of the address, and a reload shows no second alert', async () => {
    const { page } = env;
    const alerts = recordAlerts(page);
    await page.goto('/discover?error=auth_failed&from=mail#top');
    await eventually(() => alerts).toEqual(['alert: Authentication failed. Please try again.']);
    await visible(pageHeading(page, 'Discover Recovery'));
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}${url.hash}`).toBe('/discover?from=mail#top');
    await page.reload();
    await visible(pageHeading(page, 'Discover Recovery'));
    expect(alerts).toHaveLength(1);
  });
});

describe('every route, as a visitor, at 360 px', () => {
  /** [path, level-one heading, breadcrumb trail (when the route has one)]. */
  type RouteCase = [path: string, heading: string | RegExp, crumbs?: string[]];
  // The hero of a program landing page names the fellowship in full.
  const programs: RouteCase[] = [
    ['saa', 'Sex Addicts Anonymous', 'SAA'],
    ['aa', 'Alcoholics Anonymous', 'AA'],
    ['na', 'Narcotics Anonymous', 'NA'],
    ['oa', 'Overeaters Anonymous', 'OA'],
    ['ga', 'Gamblers Anonymous', 'GA'],
    ['da', 'Debtors Anonymous', 'DA'],
    ['coda', 'Co-Dependents Anonymous', 'CoDA'],
    ['ca', 'Cocaine Anonymous', 'CA'],
  ].map(([slug, fullName, initials]) => [
    `/programs/${slug}`,
    new RegExp(`^${fullName}\\b`),
    ['Home', 'Recovery Programs', initials as string],
  ]);
  const stepCrumbs = ['Home', 'Recovery Programs', 'SAA', '12 Steps'];
  const routes: RouteCase[] = [
    ['/', 'Welcome to SAM'],
    ['/index.html', 'Welcome to SAM'],
    ['/self-assess', 'Am I an Addict?', ['Home', 'Self-Assessment']],
    ['/discover', 'Discover Recovery', ['Home', 'Discover']],
    ['/onboarding', 'Pick your primary recovery program', ['Home', 'Choose a Program']],
    ['/recovery-programs', 'My Recovery Journey', ['Home', 'Recovery Programs']],
    ...programs,
    ['/programs/saa/12-steps', "Working SAA's 12 Steps", stepCrumbs],
    ['/programs/saa/12-steps/step-1', /^Step (1|One)$/, [...stepCrumbs, 'Step 1']],
    ['/programs/saa/12-steps/step-12', /^Step (12|Twelve)$/, [...stepCrumbs, 'Step 12']],
    ['/invite', /Invitation/, ['Home', 'Invitation']],
    ['/profile', 'My Profile', ['Home', 'Profile']],
    ['/no/such/page', 'Welcome to SAM'],
  ];

  it.for(routes)('%s shows its heading', async ([path, heading, crumbs]) => {
    const { page } = env;
    await page.goto(path);
    await visible(pageHeading(page, heading));
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await breadcrumbs()).toEqual(crumbs ?? []);
    await expectNoHorizontalScroll(path);
    await expectAccessible(page, path);
    // Two links of a page that go to the same outside address would offer one place as two.
    const outside = await page
      .getByRole('main')
      .locator('a[href^="http"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(outside.filter((href, i) => outside.indexOf(href) !== i)).toEqual([]);
  });

  it('/verify-email?email=… shows the form with the e-mail filled in', async () => {
    const { page } = env;
    await page.goto('/verify-email?email=a@example.com');
    await visible(pageHeading(page, 'Verify Your Email'));
    expect(await page.getByLabel('Email').inputValue()).toBe('a@example.com');
    await visible(page.getByLabel('Verification code'));
    await expectNoHorizontalScroll('/verify-email');
    await expectAccessible(page, '/verify-email');
  });

  it('/signup?email=… opens Create Account with the e-mail filled in', async () => {
    const { page } = env;
    await page.goto('/signup?email=a@example.com');
    const modal = await visible(dialog(page, 'Create Account'));
    expect(await modal.getByLabel('Email').inputValue()).toBe('a@example.com');
    expect(await modal.getByLabel('First name').inputValue()).toBe('');
    await expectNoHorizontalScroll('/signup');
    await expectAccessible(page, '/signup with Create Account open');
    await page.keyboard.press('Escape');
    await hidden(modal);
    await visible(pageHeading(page, 'Welcome to SAM'));
  });

  it('/admin sends a visitor home', async () => {
    const { page } = env;
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await visible(pageHeading(page, 'Welcome to SAM'));
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it('the footer opens About and the Privacy Policy for a visitor, without Feedback', async () => {
    const { page } = env;
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await visible(footer.getByText('Version 0.1.2'));
    // The crisis lines are one tap away: call or text 988, call 1-800-662-HELP.
    expect(await footer.getByRole('link', { name: '988', exact: true }).getAttribute('href')).toBe('tel:988');
    expect(await footer.getByRole('link', { name: 'text 988' }).getAttribute('href')).toBe('sms:988');
    expect(await footer.getByRole('link', { name: '1-800-662-HELP' }).getAttribute('href')).toBe(
      'tel:18006624357',
    );
    expect(await footer.getByRole('button', { name: 'Feedback' }).count()).toBe(0);
    await footer.getByRole('button', { name: 'About' }).click();
    const about = await visible(dialog(page, 'About SAM'));
    await visible(about.getByText('LOCAL', { exact: true }));
    await page.keyboard.press('Escape');
    await hidden(about);
    await footer.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = await visible(dialog(page, 'Privacy Policy'));
    await expectAccessible(page, 'Privacy Policy from the footer');
    await privacy.getByRole('button', { name: 'Close' }).last().click();
    await hidden(privacy);
  });
});

describe('signed in', () => {
  const menuDialogs = [
    ['Profile', 'Profile'],
    ['Backup & Restore', 'Backup & Restore'],
    ['Share', 'Share'],
    ['Feedback', 'Feedback'],
    ['About', 'About SAM'],
    ['Privacy', 'Privacy Policy'],
  ] as const;

  it('each menu item opens its dialog, which passes axe and gives focus back to the menu', async () => {
    const { page } = env;
    await signIn(page, member);
    await menuButton(page).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      'Notes',
      'Profile',
      'Backup & Restore',
      'Share',
      'Feedback',
      'About',
      'Privacy',
      'Logout',
    ]);
    await expectAllInLandmarks(page, 'the open menu');
    await shot(page, 'menu-open', { desktop: true });
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('menu'));

    for (const [item, title] of menuDialogs) {
      await chooseMenuItem(page, item);
      const open = await visible(dialog(page, title));
      if (item === 'About') {
        await visible(open.getByText('0.1.2', { exact: true }));
        await visible(open.getByText('LOCAL', { exact: true }));
      }
      if (item === 'Profile') await visible(open.getByText(member.email).first());
      if (item === 'Feedback') expect(await open.getByLabel('Location').inputValue()).toBe('Home');
      await expectAccessible(page, `${item} dialog`);
      await open.getByRole('button', { name: 'Close' }).last().click();
      await hidden(open);
      await eventually(
        () => menuButton(page).evaluate((el) => el === document.activeElement),
        `focus goes back to the menu button after closing ${item}`,
      ).toBe(true);
    }
    await expectNoHorizontalScroll('the signed-in home');
    await expectAccessible(page, 'the signed-in home');

    // The footer's Feedback is there for a member, and names the page.
    await page.goto('/discover');
    await visible(pageHeading(page, 'Discover Recovery'));
    await page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' }).click();
    const feedback = await visible(dialog(page, 'Feedback'));
    expect(await feedback.getByLabel('Location').inputValue()).toBe('Discover');
  });

  it('the menu works by keyboard alone', async () => {
    const { page } = env;
    await signIn(page, member);
    const trigger = menuButton(page);
    // Tab from the top of the page to the menu button.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      if (await trigger.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await visible(page.getByRole('menu'));
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await eventually(focusedItem).toBe('Notes');
    for (const next of ['Profile', 'Backup & Restore', 'Share', 'Feedback', 'About']) {
      await page.keyboard.press('ArrowDown');
      await eventually(focusedItem).toBe(next);
    }
    await page.keyboard.press('Enter');
    const about = await visible(dialog(page, 'About SAM'));
    await visible(about.getByText('0.1.2', { exact: true }));
    await page.keyboard.press('Escape');
    await hidden(about);
    await eventually(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // Space opens it too, and Logout can be reached and confirmed from the keyboard.
    await page.keyboard.press('Space');
    await visible(page.getByRole('menu'));
    await eventually(focusedItem).toBe('Notes');
    await page.keyboard.press('End');
    await eventually(focusedItem).toBe('Logout');
    await page.keyboard.press('Enter');
    const alert = await visible(dialog(page, 'You are logged out'));
    await page.keyboard.press('Enter');
    await hidden(alert);
    await visible(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }));
  });

  it('/admin sends a member home; after `admin grant` the menu has Admin and /admin opens', async () => {
    const { page } = env;
    const admin = newAccount('admin', 'Sam');
    await signUp(page, env.mail, admin);

    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await visible(pageHeading(page, 'Welcome, Sam'));
    await menuButton(page).click();
    await visible(page.getByRole('menuitem', { name: 'Logout' }));
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    expect(await grantAdmin(env.server, admin.email)).toContain('is now an admin');
    await page.reload();
    await visible(pageHeading(page, 'Welcome, Sam'));
    await chooseMenuItem(page, 'Admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await visible(pageHeading(page, 'Admin Dashboard'));
    expect(await breadcrumbs()).toEqual(['Home', 'Admin']);
    await expectNoHorizontalScroll('/admin');
    await expectAccessible(page, '/admin');

    await page.goto('/admin');
    await visible(pageHeading(page, 'Admin Dashboard'));
  });
});

describe('PWA files', () => {
  it('/sw.js is served and /manifest.webmanifest parses', async () => {
    const { page } = env;
    const sw = await fetch(`${env.server.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(await sw.text()).toMatch(/precache/i);

    const response = await fetch(`${env.server.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = JSON.parse(await response.text()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string }[];
    };
    expect(manifest).toMatchObject({ name: 'SAM', start_url: '/', display: 'standalone' });
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      expect((await fetch(new URL(icon.src, env.server.baseUrl))).status, icon.src).toBe(200);
    }

    // And the page links both.
    await page.goto('/');
    await visible(pageHeading(page, 'Welcome to SAM'));
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });
});

describe('the test browser', () => {
  it('opens no page of its own beside ours (decision 39: the address bar pop-ups are off)', async () => {
    await env.page.goto('/');
    await visible(pageHeading(env.page, 'Welcome to SAM'));
    const cdp = await env.browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual(
      [],
    );
  });
});
