/**
 * The signed-in pages the browser section audits, each with data in it made through the UI in the Chromium
 * that Lighthouse drives, as a person would (the app encrypts in the browser; the server never sees the
 * text). Ada signs up in the browser's default context, the one whose storage Lighthouse's tabs share; she
 * writes her Step One, fills her inventories, draws her circles and checks in. For the sponsor's page she
 * asks Bo to be her sponsor: he signs up from the mailed link in a second context, and she shares Step 1 and
 * her circles with him. Her pages are audited first; then the default context signs in as Bo.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MailReceiver } from '../apps/server/test/mailReceiver.ts';
import { phoneContext, recordPageErrors, recordTraffic } from '../apps/web/e2e/support/browser.ts';
import { addInGuide, CIRCLES_PAGE } from '../apps/web/e2e/support/circles.ts';
import {
  type Account,
  completeSignUp,
  dialog,
  hidden,
  inviteSponsorWhoSignsUp,
  itemCard,
  logOut,
  newAccount,
  openSignIn,
  openSponseeSpace,
  pageHeading,
  submitSignIn,
  visible,
} from '../apps/web/e2e/support/journeys.ts';
import {
  inventoryPanel,
  inventoryTab,
  openInventories,
  quickAdd,
  stepAction,
  stepSaved,
  stepUrl,
} from '../apps/web/e2e/support/stepPages.ts';

/** The short names BENCH_PAGES takes, in the order the pages are audited. */
export const SIGNED_IN_PAGES = ['step', 'inventory', 'circles', 'checkin', 'sponsor'] as const;
export type SignedInPageName = (typeof SIGNED_IN_PAGES)[number];

/** BENCH_PAGES (a comma list of short names; all when unset). */
export function signedInPagesFromEnv(value = process.env.BENCH_PAGES ?? ''): SignedInPageName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(SIGNED_IN_PAGES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`BENCH_PAGES: unknown ${unknown.join(', ')}`);
  return names.length ? SIGNED_IN_PAGES.filter((name) => names.includes(name)) : [...SIGNED_IN_PAGES];
}

/** What the set-up needs: the browser Lighthouse drives, SAM's address and the mail SAM sends. */
export type Workplace = { browser: Browser; base: string; mail: MailReceiver };

/** A page to audit: its route as the results name it, the path to load, who is signed in, what it holds. */
export type SignedInPage = {
  route: string;
  path: string;
  account: Account;
  made: string;
};

/** The context whose storage Lighthouse's tabs share (the Chromium's default profile). */
export async function defaultContext(browser: Browser): Promise<BrowserContext> {
  return browser.contexts()[0] ?? (await browser.newContext());
}

/** Runs `work` in a new tab of the default context, closed afterwards. */
async function inDefaultContext<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const page = await (await defaultContext(browser)).newPage();
  try {
    return await work(page);
  } finally {
    await page.close();
  }
}

/** Ada creates her account in the default context: the form, the mailed code, the recovery code kept. */
export async function signUpInBrowser({ browser, base, mail }: Workplace): Promise<Account> {
  const ada = newAccount('bench', 'Ada');
  await inDefaultContext(browser, async (page) => {
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await completeSignUp(page, mail, ada);
  });
  return ada;
}

const STEP_ONE = [
  'I first noticed it in my last year at school. What started as curiosity turned into hours every night, and I told myself I could stop whenever I wanted. I could not, and I hid it from everyone, including myself.',
  'By my twenties it had shaped my days. I was late for work because I had been up until three. I lied to my partner about where the evenings went. I spent money we did not have, and every time I promised it was the last time.',
  'Powerlessness, for me, is the evening I deleted everything, felt clean for a week, and then found myself back at it on the Friday night without deciding to be. My best thinking got me here; willpower alone never held for long.',
  'Unmanageability is the friendships I let go quiet, the job review that named my tiredness, the anxiety on Sunday nights, and the distance with my partner that I kept calling stress. It is also the shame that kept me from asking anyone for help.',
  'Writing this down, I can see the pattern: isolation, then boredom or hurt, then the old ritual. I am not hopeless. I am asking for help now, and this is where I start.',
].join('\n\n');

/**
 * Step 1: its first two actions ticked, and the Step One written and saved under the third, which is left
 * open (a ticked action folds away, and the page would then load without the writing in view).
 */
async function writeStepOne(page: Page, base: string): Promise<string> {
  await page.goto(`${base}${stepUrl(1)}`);
  await visible(pageHeading(page, 'Step One'), 15_000);
  await tick(page, 1);
  await tick(page, 2);
  await page.getByLabel('My Step One', { exact: true }).fill(STEP_ONE);
  await page.getByRole('button', { name: 'Save my Step One' }).click();
  await visible(page.getByText('Step One saved'), 15_000);
  return `actions 1 and 2 of 6 ticked, the Step One written under action 3 (${STEP_ONE.split('\n\n').length} paragraphs, ${STEP_ONE.length} characters) and saved`;
}

/** Ticks action N (the click waits until it can be ticked) and waits until it is saved and shown ticked. */
async function tick(page: Page, n: number): Promise<void> {
  const saved = stepSaved(page);
  await stepAction(page, n).click();
  await saved;
  await page.getByRole('checkbox', { name: new RegExp(`^${n}\\. `), checked: true }).waitFor();
}

const PEOPLE = ['My father', 'My manager', 'My ex-partner', 'My brother', 'An old friend', 'My landlord'];
const REASONS = [
  'Never said he was proud of me',
  'Took the credit for my work in front of the team',
  'Told our friends a story that was not true',
  'Borrowed money and never paid it back',
  'Stopped calling when things got hard',
  'Kept the deposit without a reason',
  'Laughed at me when I asked for help',
];
const FEELINGS = ['Angry', 'Hurt', 'Betrayed', 'Humiliated', 'Bitter'];
const AFFECTS = ['self-esteem', 'pride', 'security', 'relationships', 'ambitions'];
const RESENTMENT_COUNT = 40;

/** A CSV file of resentments as a person might keep them in a spreadsheet, one row per resentment. */
function resentmentsCsv(): Buffer {
  const rows = Array.from({ length: RESENTMENT_COUNT }, (_, i) => {
    const who = `${PEOPLE[i % PEOPLE.length]} (${2004 + (i % 20)})`;
    const why = REASONS[i % REASONS.length];
    const affects = `"${AFFECTS[i % AFFECTS.length]}; ${AFFECTS[(i + 2) % AFFECTS.length]}"`;
    const myPart = i % 3 === 0 ? 'I kept quiet and let it grow instead of saying how I felt' : '';
    return [who, why, FEELINGS[i % FEELINGS.length], affects, myPart].join(',');
  });
  return Buffer.from([['who', 'why', 'feeling', 'impacts', 'myPart'].join(','), ...rows, ''].join('\r\n'));
}

const FEARS = [
  'Being found out at work',
  'Being alone for good',
  'That I cannot change',
  'Losing my partner',
  'Not having enough money',
  'What my family would think',
];
const HARMS = [
  'My partner: lies about my evenings',
  'My manager: late and tired at work',
  'My sister: missed her birthday',
  'My friend Sam: cancelled again and again',
  'Myself: years of lost sleep',
  'My parents: kept them at a distance',
];

/** Step 4: resentments imported from a CSV file through the inventory's upload; fears and harms typed. */
async function fillInventories(page: Page, base: string): Promise<string> {
  await page.goto(`${base}${stepUrl(4)}`);
  await openInventories(page);
  const panel = inventoryPanel(page);
  await visible(panel.getByText(/^(No entries yet\.|\d+ entr)/), 15_000);
  await panel
    .getByLabel('Upload a CSV file for your Resentments inventory', { exact: true })
    .setInputFiles({ name: 'resentments.csv', mimeType: 'text/csv', buffer: resentmentsCsv() });
  const preview = await visible(dialog(page, `Import ${RESENTMENT_COUNT} entries?`));
  await preview.getByRole('button', { name: 'Import', exact: true }).click();
  await hidden(preview, 30_000);
  await visible(panel.getByText(`Successfully imported ${RESENTMENT_COUNT} entries.`), 30_000);
  await inventoryTab(page, 'Fears').click();
  for (const fear of FEARS) await quickAdd(page, /^Add a fear/, fear);
  await inventoryTab(page, 'Harms Done').click();
  for (const harm of HARMS) await quickAdd(page, /^Add a harm/, harm);
  await page.keyboard.press('Escape');
  await hidden(dialog(page, 'Step Four Inventories'));
  return `${RESENTMENT_COUNT} resentments imported from a CSV file through the inventory's upload, ${FEARS.length} fears and ${HARMS.length} harms typed with the quick add`;
}

const CIRCLES = {
  inner: [
    'Messaging old partners late at night',
    'Paying for explicit chats',
    'Apps for anonymous meetings',
    'Lying about where I was',
  ],
  outer: [
    'Calling my sister on Sundays',
    'Walking the dog before work',
    'Meetings on Tuesday and Thursday',
    'Cooking dinner with my partner',
    'Reading before bed',
    'Phone out of the bedroom at ten',
  ],
  middle: [
    'Staying up alone after midnight',
    'Scrolling social media in bed',
    'Skipping meals when stressed',
    'Keeping secrets, however small',
    'Driving around with no plan',
  ],
};

/** The three circles drawn in the guide (inner, outer, then middle, as it asks) and saved. */
async function drawCircles(page: Page, base: string): Promise<string> {
  await page.goto(`${base}${CIRCLES_PAGE}`);
  await visible(page.getByRole('heading', { level: 3, name: 'Step 1 of 3 Inner circle' }), 15_000);
  for (const circle of ['inner', 'outer', 'middle'] as const) {
    for (const item of CIRCLES[circle]) await addInGuide(page, circle, item);
    if (circle !== 'middle') await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Save my circles' }).click();
  await visible(page.getByText('Circles saved'), 15_000);
  return `${CIRCLES.inner.length} inner, ${CIRCLES.middle.length} middle and ${CIRCLES.outer.length} outer items added in the guide and saved`;
}

/** One evening's answers: the circle, up to three moods, a line of gratitude, one Step 10 answer. */
const CHECK_INS = [
  { circle: 'Outer circle: a healthy day', moods: ['Hopeful', 'Peaceful'], gratitude: 'A walk by the river' },
  {
    circle: 'Middle circle: some warning signs',
    moods: ['Anxious', 'Overwhelmed'],
    gratitude: 'My sponsor called',
  },
  { circle: 'Outer circle: a healthy day', moods: ['Okay'], gratitude: 'Dinner with my sister' },
  { circle: 'Outer circle: a healthy day', moods: ['Peaceful'], gratitude: 'A good meeting' },
  {
    circle: 'Middle circle: some warning signs',
    moods: ['Sad', 'Anxious'],
    gratitude: 'Sleeping eight hours',
  },
];

/** Check-ins for today and the days before it, each chosen in the day picker and saved. */
async function checkIn(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/programs/saa/check-in`);
  await visible(pageHeading(page, 'Nightly check-in'), 15_000);
  for (const [daysAgo, answers] of CHECK_INS.entries()) {
    await page.getByLabel('Check-in for', { exact: true }).selectOption({ index: daysAgo });
    const form = page.getByRole('form', { name: /^Check-in for/ });
    await form.getByRole('radio', { name: answers.circle }).check();
    for (const mood of answers.moods) await form.getByRole('button', { name: mood, exact: true }).click();
    await form.getByLabel('One thing I am grateful for').fill(answers.gratitude);
    await form.getByText('Step 10 questions (optional)').click();
    await form.getByLabel('Where was I afraid?').fill('Of saying no to my manager');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/check-ins/') && r.request().method() === 'PUT' && r.status() === 200,
    );
    await form.getByRole('button', { name: 'Save check-in' }).click();
    await saved;
    await visible(form.getByText(/is saved\. Thank you for checking in\./), 15_000);
  }
  return `${CHECK_INS.length} check-ins (today and the ${CHECK_INS.length - 1} days before) through the day picker, each with its circle, moods, gratitude and a Step 10 answer`;
}

const SHARED = [
  ['Step 1', 'Step 1 is shared.'],
  ['My three circles', 'My three circles is shared.'],
] as const;

/**
 * Ada asks Bo to be her sponsor from Profile › Sponsorship; he signs up from the mailed link in a context
 * of his own; she shares Step 1 and her circles with him. Returns the path of his page of her space.
 */
async function shareWithSponsor(page: Page, { browser, base, mail }: Workplace, bo: Account) {
  const sponsorContext = await phoneContext(browser, base);
  try {
    const newPage = async () => {
      const sponsorPage = await sponsorContext.newPage();
      return {
        context: sponsorContext,
        page: sponsorPage,
        pageErrors: recordPageErrors(sponsorPage),
        traffic: recordTraffic(sponsorPage),
      };
    };
    const boPage = await inviteSponsorWhoSignsUp({ mail, newPage }, page, bo);
    await page.goto(`${base}/profile?tab=sponsorship`);
    const panel = await visible(page.getByRole('region', { name: /^Shared with my sponsor/ }), 30_000);
    for (const [title, announced] of SHARED) {
      const share = await visible(
        itemCard(panel, title).getByRole('switch', { name: /^Share with Bo/ }),
        30_000,
      );
      await share.click();
      await visible(panel.getByText(announced), 15_000);
    }
    await openSponseeSpace(boPage, 'Ada');
    return new URL(boPage.url()).pathname;
  } finally {
    await sponsorContext.close();
  }
}

/**
 * Makes the data of each page in `names` as Ada, signed in on the default context (the sponsor's page also
 * needs her Step One and circles), and returns the pages to audit in order: hers, then the sponsor's.
 */
export async function makeSignedInPages(
  workplace: Workplace,
  ada: Account,
  names: SignedInPageName[],
): Promise<SignedInPage[]> {
  const wanted = (...some: SignedInPageName[]) => some.some((name) => names.includes(name));
  const { base } = workplace;
  return inDefaultContext(workplace.browser, async (page) => {
    const pages: SignedInPage[] = [];
    const add = (name: SignedInPageName, route: string, made: string, account = ada, path = route) => {
      if (names.includes(name)) pages.push({ route, path, account, made });
    };
    if (wanted('step', 'sponsor')) add('step', stepUrl(1), await writeStepOne(page, base));
    if (wanted('inventory')) add('inventory', stepUrl(4), await fillInventories(page, base));
    if (wanted('circles', 'sponsor')) add('circles', CIRCLES_PAGE, await drawCircles(page, base));
    if (wanted('checkin')) add('checkin', '/programs/saa/check-in', await checkIn(page, base));
    if (wanted('sponsor')) {
      const bo = newAccount('bench-sponsor', 'Bo');
      const path = await shareWithSponsor(page, workplace, bo);
      const made = `Bo, invited from Ada's Profile › Sponsorship, signed up from the mailed link in a second context; Ada shares her Step 1 and circles (made as for their own pages) with him, and the default context then signs in as Bo`;
      add('sponsor', '/sponsees/:relationshipId', made, bo, path);
    }
    return pages;
  });
}

/**
 * The default context passes from Ada to her sponsor: she logs out, he signs in (his data key derived anew
 * in this browser), and his page of her space shows her Step One and circles before it is audited.
 */
export async function signInAsSponsor(
  { browser, base }: Workplace,
  ada: Account,
  sponsorPage: SignedInPage,
): Promise<void> {
  await inDefaultContext(browser, async (page) => {
    await page.goto(`${base}/`);
    await visible(pageHeading(page, `Welcome, ${ada.name}`), 15_000);
    await logOut(page);
    await openSignIn(page);
    await submitSignIn(page, sponsorPage.account);
    await visible(pageHeading(page, `Welcome, ${sponsorPage.account.name}`), 30_000);
    await page.goto(`${base}${sponsorPage.path}`);
    await visible(pageHeading(page, `Shared by ${ada.name}`), 30_000);
    await visible(page.getByRole('article', { name: /^Step One/ }), 30_000);
    await visible(itemCard(page, 'My three circles'), 30_000);
  });
}
