/**
 * The privacy canary, in a real Chromium against the real server: one unique string is typed into
 * a step answer, the Step One writing and an inventory entry, survives a reload, goes into both share
 * documents and is read back by a visitor opening the links. While it is typed and its save is still in
 * the air, it is kept on the device as a draft: that draft, and everything else this origin keeps on the
 * device (IndexedDB, localStorage, sessionStorage), must hold no trace of it. The same account then asks a
 * second person, who signs up through the invitation in a browser of their own, to be their sponsor, and
 * shares Step 1 (with the canary in its Step One writing) in the sponsor space; the sponsor reads it there
 * and writes a note with a second canary, which the sponsee reads. The same account puts the canary into
 * its three circles (an inner-circle item, drawn through the guide, and the reason for a later change, kept
 * as an encrypted draft until saved), a nightly check-in (the gratitude line and a Step 10 answer) and the
 * note of a slip on the abstinence page, reads each back after a reload, and shares the circles: the sponsor
 * reads the canary item and writes a note about it with the second canary, which the sponsee reads. Then
 * both canaries, both accounts' passwords and the share keys are searched for in everything that left the
 * three browsers (URL, every header, body), in every byte of the server's SQLite files and every cell of its
 * tables, in the server's log (at its most verbose level) and in the mail it sent. None may be there;
 * controls prove each search looked at the right, non-empty material.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, localCalendarDate } from '@sam/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addInGuide, CIRCLES_PAGE, circleCard } from './support/circles.ts';
import { draftPlaces, storedOnDevice } from './support/deviceStorage.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  chooseMenuItem,
  compareSafetyCodes,
  dialog,
  eventually,
  hidden,
  inviteSponsorWhoSignsUp,
  itemCard,
  newAccount,
  openSponseeSpace,
  pageHeading,
  sharedWithSponsorPanel,
  signUp,
  visible,
} from './support/journeys.ts';
import { readDatabase } from './support/serverDatabase.ts';
import { inventorySaved, openInventories, stepUrl } from './support/stepPages.ts';
import { holdStepSaves } from './support/stepSaves.ts';

const env = e2eEnvironment({ serverLogLevel: 'trace' });
const account = newAccount('privacy', 'Quinn');
const sponsorAccount = newAccount('privacy-sponsor', 'Robin');

/** 24 random hex characters: long enough that no ciphertext or random id contains it by chance. */
const newCanary = () => `canary-${randomBytes(12).toString('hex')}`;
const CANARY = newCanary();
/** What the sponsor writes: a canary of its own, so a leak on the sponsor's side is told apart. */
const SPONSOR_CANARY = newCanary();
const TYPED = {
  stepAnswer: `Being found out ${CANARY} at work`,
  stepOne: `I lost years ${CANARY} to this`,
  who: `Landlord ${CANARY}`,
  why: `${CANARY} kept the deposit`,
  sponsorNote: `Thank you ${SPONSOR_CANARY} for telling me`,
  circleItem: `Texting ${CANARY} after midnight`,
  circlesReason: `Talked ${CANARY} through with Robin`,
  gratitude: `A quiet ${CANARY} morning`,
  stepTen: `That ${CANARY} would find out`,
  slipNote: `A hard ${CANARY} evening`,
  sponsorCirclesNote: `Let us talk ${SPONSOR_CANARY} about this one`,
};
const STATUS = 'SAA 12-Step Status';
const STEP_3_DRAFT = 'progress:SAA:12-steps:step-3';
const INVENTORIES = 'Step Four Inventories';
const CIRCLES = 'My three circles';
const today = localCalendarDate();

/** What a browser sent: the request line, every header (cookies included) and the body, as bytes. */
type Sent = { line: string; bytes: Buffer };

/** Records every request of every page of a context, with all its headers and its raw body. */
function recordAllRequests(context: BrowserContext): Promise<Sent>[] {
  const sent: Promise<Sent>[] = [];
  context.on('request', (request) => {
    const line = `${request.method()} ${request.url()}`;
    sent.push(
      request
        .allHeaders()
        .catch(() => request.headers())
        .then((headers) => ({
          line,
          bytes: Buffer.concat([
            Buffer.from(`${line}\n${JSON.stringify(headers)}\n`),
            request.postDataBuffer() ?? Buffer.alloc(0),
          ]),
        })),
    );
  });
  return sent;
}

/**
 * The byte patterns a text would leave behind: UTF-8 (which is also its JSON-escaped form here), UTF-16,
 * hex, URL and form encoding, and base64 and base64url at each of the three alignments it could have inside
 * a longer encoded value (only the characters that depend on the text alone).
 */
function traces(label: string, text: string): { label: string; bytes: Buffer }[] {
  const found = new Map<string, string>();
  const add = (form: string, value: string) => {
    if (!found.has(value)) found.set(value, `${label} (${form})`);
  };
  const utf8 = Buffer.from(text, 'utf8');
  add('UTF-8', text);
  add('JSON', JSON.stringify(text).slice(1, -1));
  add('URL-encoded', encodeURIComponent(text));
  add('form-encoded', encodeURIComponent(text).replaceAll('%20', '+'));
  add('hex', utf8.toString('hex'));
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), utf8]).toString('base64');
    const stable = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + utf8.length)) / 6));
    add(`base64 +${shift}`, stable);
    add(`base64url +${shift}`, stable.replaceAll('+', '-').replaceAll('/', '_'));
  }
  const result = [...found].map(([value, name]) => ({ label: name, bytes: Buffer.from(value, 'utf8') }));
  result.push({ label: `${label} (UTF-16)`, bytes: Buffer.from(text, 'utf16le') });
  return result;
}

/** Every file in the server's data directory (sam.db and its -wal, -shm or journal), as raw bytes. */
function dataFiles(): { name: string; bytes: Buffer }[] {
  return readdirSync(env.server.dataDir)
    .filter((name) => statSync(join(env.server.dataDir, name)).isFile())
    .map((name) => ({ name, bytes: readFileSync(join(env.server.dataDir, name)) }));
}

/** Every text or blob cell of every table, read through SQLite (values split over overflow pages whole). */
function databaseCells(): { name: string; bytes: Buffer }[] {
  return readDatabase(env.server, (db) => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    return tables.map(({ name }) => {
      const rows = db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all() as Record<
        string,
        unknown
      >[];
      const cells = rows.flatMap((row) =>
        Object.values(row).map((v) => (Buffer.isBuffer(v) ? v : Buffer.from(String(v ?? ''), 'utf8'))),
      );
      return { name: `table ${name}`, bytes: Buffer.concat(cells.flatMap((c) => [c, Buffer.from('\n')])) };
    });
  });
}

/** 'needle in place' for every needle found in any place. */
function leaks(
  places: { name: string; bytes: Buffer }[],
  needles: { label: string; bytes: Buffer }[],
): string[] {
  return places.flatMap((place) =>
    needles.filter((n) => place.bytes.includes(n.bytes)).map((n) => `${n.label} in ${place.name}`),
  );
}

/**
 * Everything this origin keeps on the device that a script can read, as one searchable place; fails unless
 * the drafts it must hold (`drafts`, as ciphertext) are in it, so the search looked at the right material.
 */
async function deviceWithDrafts(page: Page, drafts: RegExp[]): Promise<{ name: string; bytes: Buffer }> {
  const stored = await storedOnDevice(page);
  const line = stored.split('\n').find((l) => l.startsWith('sam-drafts/drafts: ')) ?? '';
  for (const draft of drafts) expect(line).toMatch(draft);
  expect(line).toMatch(/"ciphertext":"[A-Za-z0-9+/]{40,}={0,2}"/);
  return { name: 'this device (IndexedDB, localStorage, sessionStorage)', bytes: Buffer.from(stored) };
}

const bodyOf = (entry: string) => JSON.parse(entry.split('\n').slice(2).join('\n'));

async function expandAll(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Expand all' }).click();
}

/** Waits for the answer to the next `method path` request (the path of an API route). */
function answerTo(page: Page, method: string, path: string) {
  return page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path);
}

async function openStepThree(page: Page): Promise<void> {
  await page.goto(stepUrl(3));
  await visible(pageHeading(page, 'Step Three'));
}

describe('Privacy canary', () => {
  const links: Record<string, string> = {};
  let mainRequests: Promise<Sent>[] = [];
  let visitorRequests: Promise<Sent>[] = [];
  let visitorTraffic: string[] = [];
  let sponsorRequests: Promise<Sent>[] = [];
  let sponsorTraffic: string[] = [];
  let sponsorPage: Page;
  /** The sponsor space's page, /sponsees/<relationship>, and its path on the server. */
  let spaceUrl = '';
  let spaceApi = '';

  it('carries the canary through a step answer and its encrypted draft, the Step One writing, an inventory entry and both share documents to a visitor', async () => {
    const page = env.page;
    mainRequests = recordAllRequests(env.context);
    await signUp(page, env.mail, account);

    // A step answer typed while its save is held in the air: kept on the device as an encrypted draft only.
    await openStepThree(page);
    await expandAll(page);
    const question = page.getByLabel(/^2\. What fears come up/);
    const release = await holdStepSaves(page);
    const autosaving = page.waitForRequest((r) => r.url().endsWith('/api/progress/step'));
    await question.fill(TYPED.stepAnswer);
    await autosaving;
    await eventually(() => draftPlaces(page)).toContain(STEP_3_DRAFT);
    const device = await deviceWithDrafts(page, [new RegExp(`\\|${STEP_3_DRAFT}"`)]);
    expect(leaks([device], traces('canary', CANARY))).toEqual([]);

    // Released: the answer is saved, and still there after a reload.
    await release();
    await page.getByRole('button', { name: 'Save answers' }).click();
    await visible(page.getByText('Answers saved'));
    await page.reload();
    await visible(pageHeading(page, 'Step Three'));
    await expandAll(page);
    await eventually(() => question.inputValue()).toBe(TYPED.stepAnswer);

    // The Step One, written on step 1's page, saved, and still there after a reload.
    await page.goto(stepUrl(1));
    await visible(pageHeading(page, 'Step One'));
    const stepOne = page.getByLabel('My Step One', { exact: true });
    await stepOne.fill(TYPED.stepOne);
    await page.getByRole('button', { name: 'Save my Step One' }).click();
    await visible(page.getByText('Step One saved'));
    await page.reload();
    await visible(pageHeading(page, 'Step One'));
    await eventually(() => stepOne.inputValue()).toBe(TYPED.stepOne);

    // A resentment (who and why), saved, and still there after a reload.
    await page.goto(stepUrl(4));
    let inventories = await openInventories(page);
    const panel = inventories.getByRole('tabpanel');
    let saved = inventorySaved(page);
    await panel.getByLabel(/^Add a resentment/).fill(TYPED.who);
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await saved;
    await panel.getByRole('button', { name: `Edit ${TYPED.who}`, exact: true }).click();
    const form = await visible(panel.getByRole('form', { name: 'Edit entry' }));
    await form.getByLabel('Why I am resentful', { exact: true }).fill(TYPED.why);
    // The entry being edited is kept as a draft too, encrypted like the step answer's.
    await eventually(async () =>
      (await draftPlaces(page)).some((p) => p.startsWith('inventory:resentments:entry:')),
    ).toBe(true);
    const editing = await deviceWithDrafts(page, [/\|inventory:resentments:entry:[^"]+"/]);
    expect(leaks([editing], traces('canary', CANARY))).toEqual([]);
    saved = inventorySaved(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
    await hidden(form);
    await page.reload();
    inventories = await openInventories(page);
    await (await visible(panel.getByRole('button', { name: TYPED.who, exact: true }))).click();
    await visible(panel.getByText(TYPED.why, { exact: true }));
    await inventories.getByRole('button', { name: 'Close' }).first().click();
    await hidden(inventories);

    // Both share documents, from the menu's Share item.
    await chooseMenuItem(page, 'Share');
    const share = await visible(dialog(page, 'Share'));
    for (const [value, name] of [
      ['12-step-status', STATUS],
      ['step-four-inventories', INVENTORIES],
    ] as const) {
      await share.getByLabel('Document to share').selectOption(value);
      await share.getByRole('button', { name: 'Create', exact: true }).click();
      await visible(share.getByText(`Document "${name}" created successfully!`), 30_000);
      const link = await visible(
        share.getByRole('table').getByRole('link', { name: new RegExp(`^${name}`) }),
      );
      links[name] = (await link.getAttribute('href')) ?? '';
      expect(links[name]).toMatch(/\/s\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);
    }
    await share.getByRole('button', { name: 'Close' }).first().click();
    await hidden(share);

    // A visitor without an account reads the canary in each document.
    const visitor = await env.newPage();
    visitorRequests = recordAllRequests(visitor.context);
    const { page: viewer, pageErrors: viewerErrors } = visitor;
    visitorTraffic = visitor.traffic;
    const frame = viewer.frameLocator('iframe[title^="Shared document"]');
    await viewer.goto(links[STATUS] ?? '');
    await visible(frame.getByRole('heading', { level: 1, name: STATUS }), 15_000);
    await visible(frame.getByText(TYPED.stepAnswer, { exact: true }));
    await visible(frame.getByText(TYPED.stepOne, { exact: true }));
    await viewer.goto(links[INVENTORIES] ?? '');
    await visible(frame.getByRole('heading', { level: 1, name: INVENTORIES }), 15_000);
    await visible(frame.getByRole('heading', { name: TYPED.who }));
    await visible(frame.getByText(TYPED.why, { exact: true }));

    expect(viewerErrors).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });

  it("carries the canary to a sponsor in the sponsor space, and the sponsor's own canary in a note back", async () => {
    const page = env.page;
    const sponsor = await env.newPage();
    sponsorRequests = recordAllRequests(sponsor.context);
    sponsorTraffic = sponsor.traffic;
    sponsorPage = await inviteSponsorWhoSignsUp(env, page, sponsorAccount, sponsor.page);
    await compareSafetyCodes({ page, name: account.name }, { page: sponsorPage, name: sponsorAccount.name });

    // Quinn shares Step 1, which carries the Step One writing.
    const panel = await sharedWithSponsorPanel(page);
    const stepCard = itemCard(panel, 'Step 1');
    await (
      await visible(stepCard.getByRole('switch', { name: `Share with ${sponsorAccount.name}` }), 30_000)
    ).click();
    await visible(panel.getByText('Step 1 is shared.'), 15_000);

    // The sponsor reads it in the space and writes a note.
    await openSponseeSpace(sponsorPage, account.name);
    spaceUrl = new URL(sponsorPage.url()).pathname;
    spaceApi = `/api/sponsorship/spaces/${spaceUrl.split('/').pop()}`;
    const step = await visible(sponsorPage.getByRole('article', { name: /^Step One/ }), 30_000);
    await step.locator('summary').click();
    await visible(step.getByText(TYPED.stepOne, { exact: true }), 15_000);
    await step.getByLabel('Write a note').fill(TYPED.sponsorNote);
    await step.getByRole('button', { name: 'Send note' }).click();
    await visible(step.getByText(TYPED.sponsorNote, { exact: true }), 15_000);

    // The sponsee reads the note on their side.
    const again = await sharedWithSponsorPanel(page);
    await visible(itemCard(again, 'Step 1').getByText(TYPED.sponsorNote, { exact: true }), 30_000);

    expect(sponsor.pageErrors).toEqual([]);
    expect(env.pageErrors).toEqual([]);
  });

  it('carries the canary through the three circles, a check-in and a slip note, and to the sponsor in the shared circles', async () => {
    const page = env.page;

    // The circles, drawn through the guide: the canary is an item of the inner circle.
    await page.goto(CIRCLES_PAGE);
    await visible(pageHeading(page, CIRCLES), 15_000);
    await visible(page.getByRole('heading', { level: 3, name: 'Step 1 of 3 Inner circle' }), 15_000);
    await addInGuide(page, 'inner', TYPED.circleItem);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Going to a meeting', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    let saved = answerTo(page, 'POST', '/api/circles');
    await page.getByRole('button', { name: 'Save my circles' }).click();
    expect((await saved).status()).toBe(201);
    await visible(circleCard(page, 'Inner circle').getByText(TYPED.circleItem, { exact: true }), 15_000);

    // A change with the canary as its reason: kept on the device as an encrypted draft until it is saved.
    const outer = circleCard(page, 'Outer circle');
    await outer.getByLabel('Add to your outer circle').fill('Calling a friend');
    await outer.getByRole('button', { name: 'Add', exact: true }).click();
    const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
    await unsaved.getByLabel('Why I changed this (optional)').fill(TYPED.circlesReason);
    await eventually(() => draftPlaces(page)).toContain('three-circles');
    const changing = await deviceWithDrafts(page, [/\|three-circles"/]);
    expect(leaks([changing], traces('canary', CANARY))).toEqual([]);
    saved = answerTo(page, 'POST', '/api/circles');
    await unsaved.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(201);
    await hidden(unsaved, 15_000);
    await page.reload();
    const history = page.getByRole('region', { name: 'History', exact: true });
    await visible(history.getByText(TYPED.circlesReason, { exact: true }), 15_000);
    await visible(circleCard(page, 'Inner circle').getByText(TYPED.circleItem, { exact: true }));

    // Tonight's check-in: the gratitude line and a Step 10 answer.
    await page.goto('/programs/saa/check-in');
    await visible(pageHeading(page, 'Nightly check-in'), 15_000);
    let checkIn = await visible(page.getByRole('form', { name: /^Check-in for/ }), 15_000);
    await checkIn.getByRole('radio', { name: 'Outer circle: a healthy day' }).check();
    await checkIn.getByLabel('One thing I am grateful for').fill(TYPED.gratitude);
    await checkIn.getByText('Step 10 questions (optional)').click();
    await checkIn.getByLabel('Where was I afraid?').fill(TYPED.stepTen);
    saved = answerTo(page, 'PUT', `/api/check-ins/${today}`);
    await checkIn.getByRole('button', { name: 'Save check-in' }).click();
    expect((await saved).status()).toBe(200);
    await visible(checkIn.getByText(/is saved\. Thank you for checking in\./));
    await page.reload();
    checkIn = await visible(page.getByRole('form', { name: /^Check-in for/ }), 15_000);
    await visible(checkIn.getByText('You checked in for this day. Saving again replaces it.'), 15_000);
    expect(await checkIn.getByLabel('One thing I am grateful for').inputValue()).toBe(TYPED.gratitude);
    expect(await checkIn.getByLabel('Where was I afraid?').inputValue()).toBe(TYPED.stepTen);

    // Abstinence days: a start, then a slip with the canary in its note.
    await page.goto('/programs/saa/abstinence');
    await visible(pageHeading(page, 'Abstinence days'), 15_000);
    await page.getByLabel('Start date').fill(addDays(today, -20));
    saved = answerTo(page, 'PUT', '/api/abstinence');
    await page.getByRole('button', { name: 'Start counting' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('button', { name: 'Record a slip' }).click();
    const slip = await visible(dialog(page, 'Record a slip'));
    await slip.getByLabel('The day of the slip').fill(addDays(today, -5));
    await slip.getByLabel('A note for yourself (optional)').fill(TYPED.slipNote);
    saved = answerTo(page, 'PUT', '/api/abstinence');
    await slip.getByRole('button', { name: 'Record the slip' }).click();
    expect((await saved).status()).toBe(200);
    await hidden(slip, 15_000);
    await page.reload();
    const periods = page.getByRole('region', { name: 'History' });
    await visible(periods.getByText(TYPED.slipNote, { exact: true }), 15_000);

    // Quinn shares the circles; Robin reads the canary item and writes a note about it.
    const panel = await sharedWithSponsorPanel(page);
    const card = itemCard(panel, CIRCLES);
    await (
      await visible(
        card.getByRole('switch', { name: new RegExp(`^Share with ${sponsorAccount.name}`) }),
        30_000,
      )
    ).click();
    await visible(panel.getByText(`${CIRCLES} is shared.`), 15_000);

    await sponsorPage.goto(spaceUrl);
    const circles = await visible(itemCard(sponsorPage, CIRCLES), 30_000);
    await circles.locator('summary').click();
    await visible(circles.getByText(TYPED.circleItem, { exact: true }), 15_000);
    await circles
      .getByRole('button', { name: `Note on this item: ${TYPED.circleItem}`, exact: true })
      .click();
    await circles.getByLabel('Write a note').fill(TYPED.sponsorCirclesNote);
    await circles.getByRole('button', { name: 'Send note' }).click();
    const note = circles.getByRole('listitem').filter({ hasText: TYPED.sponsorCirclesNote });
    await visible(note.getByText(`About: ${TYPED.circleItem}`, { exact: true }), 15_000);

    // Quinn reads the note, with the item it is about.
    const again = await sharedWithSponsorPanel(page);
    const noteHere = itemCard(again, CIRCLES)
      .getByRole('listitem')
      .filter({ hasText: TYPED.sponsorCirclesNote });
    await visible(noteHere.getByText(`About: ${TYPED.circleItem}`, { exact: true }), 30_000);

    expect(env.allPageErrors()).toEqual([]);
  });

  it('leaves no trace of either canary or either password in requests, database files, server log or mail', async () => {
    const base = env.server.baseUrl;
    const sent = await Promise.all([...mainRequests, ...visitorRequests, ...sponsorRequests]);
    const keys = Object.values(links).map((link) => link.split('#')[1] ?? '');

    // Controls: the requests carried the saves and the documents, as ciphertext.
    const sentTo = (traffic: string[], method: string, path: string) =>
      traffic.filter((t) => t.startsWith(`${method} ${base}${path}\n`)).map(bodyOf);
    const posts = (path: string) => sentTo(env.traffic, 'POST', path);
    const stepSaves = posts('/api/progress/step');
    for (const step of [1, 3]) {
      const saved = stepSaves.some(
        (b) => b.step_number === step && typeof b.data?.encryptedData === 'string',
      );
      expect(saved, `step ${step} saved`).toBe(true);
    }
    const inventorySaves = posts('/api/save_inventory_encrypted');
    expect(inventorySaves.filter((b) => typeof b.encryptedData === 'string').length).toBeGreaterThanOrEqual(
      2,
    );
    const documents = posts('/api/share/documents');
    expect(documents.map((d) => d.share_name).sort()).toEqual([STATUS, INVENTORIES].sort());
    for (const d of documents) expect(d.html_content).toMatch(/^[A-Za-z0-9+/]{100,}={0,2}$/);
    for (const link of Object.values(links)) {
      const id = new URL(link).pathname.split('/').pop();
      expect(visitorTraffic.some((t) => t.startsWith(`GET ${base}/api/share/public/${id}\n`))).toBe(true);
    }

    // Controls: the sponsor space carried Step 1 from the sponsee and the note from the sponsor, as ciphertext.
    expect(spaceApi).toMatch(/^\/api\/sponsorship\/spaces\/[^/]+$/);
    const sharedSteps = sentTo(env.traffic, 'PUT', `${spaceApi}/items/step-1`);
    const sponsorNotes = sentTo(sponsorTraffic, 'POST', `${spaceApi}/items/step-1/comments`);
    expect(sharedSteps.length).toBeGreaterThanOrEqual(1);
    expect(sponsorNotes).toHaveLength(1);
    for (const b of [...sharedSteps, ...sponsorNotes])
      expect(b.ciphertext).toMatch(/^[A-Za-z0-9+/]{40,}={0,2}$/);
    expect(sponsorTraffic.some((t) => t.startsWith(`GET ${base}${spaceApi}\n`))).toBe(true);

    // Controls: the circles (both versions), the check-in and the abstinence dates went out as ciphertext,
    // and so did the shared copy of the circles and the sponsor's note about one of its items.
    const circlesSaves = posts('/api/circles');
    const checkInSaves = sentTo(env.traffic, 'PUT', `/api/check-ins/${today}`);
    const abstinenceSaves = sentTo(env.traffic, 'PUT', '/api/abstinence');
    const sharedCircles = sentTo(env.traffic, 'PUT', `${spaceApi}/items/three-circles`);
    const circlesNotes = sentTo(sponsorTraffic, 'POST', `${spaceApi}/items/three-circles/comments`);
    expect(circlesSaves.map((b) => b.basedOn)).toEqual([null, 1]);
    expect(checkInSaves.length).toBeGreaterThanOrEqual(1);
    expect(abstinenceSaves.map((b) => b.revision)).toEqual([0, 1]);
    expect(sharedCircles.length).toBeGreaterThanOrEqual(1);
    expect(circlesNotes).toHaveLength(1);
    for (const b of [...circlesSaves, ...checkInSaves, ...abstinenceSaves, ...sharedCircles, ...circlesNotes])
      expect(b.ciphertext).toMatch(/^[A-Za-z0-9+/]{40,}={0,2}$/);
    expect(sent.length).toBeGreaterThanOrEqual(
      env.traffic.length + visitorTraffic.length + sponsorTraffic.length,
    );

    // Controls: the server's files hold both accounts, and the documents, the shared step and the note as
    // they were sent.
    const files = dataFiles();
    expect(files.map((f) => f.name)).toContain('sam.db');
    expect(files.find((f) => f.name === 'sam.db')?.bytes.length).toBeGreaterThan(0);
    for (const { email } of [account, sponsorAccount]) {
      expect(files.some((f) => f.bytes.includes(Buffer.from(email)))).toBe(true);
    }
    const cells = databaseCells();
    const allCells = Buffer.concat(cells.map((c) => c.bytes));
    for (const d of documents) expect(allCells.includes(Buffer.from(d.html_content))).toBe(true);
    expect(allCells.includes(Buffer.from(sharedSteps.at(-1).ciphertext))).toBe(true);
    expect(allCells.includes(Buffer.from(sponsorNotes[0].ciphertext))).toBe(true);
    // Every version of the circles is kept; a check-in, the abstinence record and a shared copy as last saved.
    for (const stored of [
      ...circlesSaves,
      checkInSaves.at(-1),
      abstinenceSaves.at(-1),
      sharedCircles.at(-1),
      circlesNotes[0],
    ])
      expect(allCells.includes(Buffer.from(stored.ciphertext))).toBe(true);
    const log = env.server.log.join('');
    expect(log).toContain('/api/share/documents');
    expect(log).toContain('/api/save_inventory_encrypted');
    expect(log).toContain('/api/sponsorship/spaces/:relationshipId/items/:itemKey/comments');
    for (const route of ['/api/circles', '/api/check-ins/:day', '/api/abstinence'])
      expect(log).toContain(route);
    // Controls: the mail searched includes the sponsor's invitation.
    expect(env.mail.received.some((m) => m.to === sponsorAccount.email)).toBe(true);

    const secrets = [
      ...traces('canary', CANARY),
      ...traces("sponsor's canary", SPONSOR_CANARY),
      ...traces('password', account.password),
      ...traces("sponsor's password", sponsorAccount.password),
      ...keys.map((key, i) => ({ label: `share key ${i + 1}`, bytes: Buffer.from(key) })),
    ];

    // Nothing left any browser with a canary or a password in it; the share keys stayed in the fragment.
    const requests = [
      ...sent.map((s) => ({ name: s.line, bytes: s.bytes })),
      ...[...env.traffic, ...visitorTraffic, ...sponsorTraffic].map((t) => ({
        name: t.split('\n')[0] ?? '',
        bytes: Buffer.from(t),
      })),
    ];
    expect(leaks(requests, secrets)).toEqual([]);

    // Nor does the server hold them: on disk, in its tables, in its log, or in the mail it sent.
    const server = [
      ...files,
      ...cells,
      { name: 'server log', bytes: Buffer.from(log) },
      ...env.mail.received.map((m) => ({ name: `mail "${m.subject}"`, bytes: Buffer.from(m.raw) })),
    ];
    expect(leaks(server, secrets)).toEqual([]);
  });
});
