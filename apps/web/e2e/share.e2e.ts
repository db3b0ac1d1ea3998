import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createShareKey, decryptShareDocument, encryptShareDocument } from '../src/crypto/shareKey.ts';
import { expectAccessible } from './support/browser.ts';
import { e2eEnvironment } from './support/environment.ts';
import {
  chooseMenuItem,
  dialog,
  eventually,
  hidden,
  newAccount,
  pageHeading,
  signUp,
  visible,
} from './support/journeys.ts';
import { screenshots, takingScreenshots } from './support/screenshots.ts';
import { changeDatabase, queryDatabase } from './support/serverDatabase.ts';
import { inventorySaved, openInventories, quickAdd, stepUrl } from './support/stepPages.ts';

const env = e2eEnvironment();
const shot = screenshots('share');
// Two names: a shared document names the person by the first only.
const account = newAccount('share', 'Rowan Hale');
const unique = Date.now().toString(36);
const EVIL = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
const SECRET = {
  prayer: `Prayer ${unique} willow ${EVIL}`,
  resentment: `Landlord ${unique} osprey`,
  fear: `Losing work ${unique} bittern`,
};
const STATUS = 'SAA 12-Step Status';
const INVENTORIES = 'Step Four Inventories';

function shareRows() {
  return queryDatabase<{ id: string; share_name: string; html_content: string; owner_key: string }>(
    env.server,
    'SELECT id, share_name, html_content, owner_key FROM share_documents',
  );
}

async function openShare(): Promise<Locator> {
  await chooseMenuItem(env.page, 'Share');
  const modal = await visible(dialog(env.page, 'Share'));
  await visible(modal.getByText('Create sharable documents that you can send to your sponsor and others.'));
  return modal;
}

async function closeShare(modal: Locator): Promise<void> {
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await hidden(modal);
}

const documentSelect = (modal: Locator) => modal.getByLabel('Document to share');

async function create(modal: Locator, value: string): Promise<void> {
  await documentSelect(modal).selectOption(value);
  await modal.getByRole('button', { name: 'Create', exact: true }).click();
}

/**
 * Holds the main page's `method` requests to /api/share/documents until `release()`: what the modal shows
 * while it waits for the server can then be looked at without racing it.
 */
async function holdShareRequests(method: 'GET' | 'POST') {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const passed: Promise<void>[] = [];
  const handler = (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    const passing = gate.then(() => route.continue());
    passed.push(passing);
    return passing;
  };
  await env.page.route('**/api/share/documents', handler);
  return {
    held: () => passed.length,
    /** Lets every held request through, and stops holding once they have all gone on. */
    async release() {
      open();
      await Promise.all(passed);
      await env.page.unroute('**/api/share/documents', handler);
    },
  };
}

/** Opens a link as a visitor without an account; returns the page and what it reported. */
async function visit(link: string) {
  const { page, pageErrors: errors } = await env.newPage();
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(`${m.type()} at ${m.location().url || 'srcdoc'}: ${m.text()}`));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto(link);
  return { page, errors, consoleLines, dialogs, response };
}

/**
 * axe on the viewer page around its frame: axe cannot run inside a frame whose sandbox allows no script
 * (its injection never settles), so the document itself is checked on its own by `expectDocumentAccessible`.
 */
async function expectViewerAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/** The stored document decrypted with its link's key, opened as a page of its own. */
async function openDocumentAlone(link: string): Promise<{ page: Page; html: string }> {
  const [path, key] = link.split('#') as [string, string];
  const reply = await fetch(`${env.server.baseUrl}/api/share/public/${path.split('/').pop()}`);
  const { html_content } = (await reply.json()) as { html_content: string };
  const html = await decryptShareDocument(globalThis.crypto, key, html_content);
  const context = await env.newContext();
  const page = await context.newPage();
  await page.setContent(html);
  return { page, html };
}

/** The stored document as a page of its own, checked by axe. */
async function expectDocumentAccessible(link: string, label: string): Promise<string> {
  const { page, html } = await openDocumentAlone(link);
  await expectAccessible(page, label);
  return html;
}

/**
 * How many A4 pages the browser's print (its Save as PDF) of the page makes; with E2E_SHOTS the PDF is kept
 * beside the screenshots as `<name>.pdf`, for a person to read.
 */
async function printedPages(page: Page, name: string): Promise<number> {
  const file = await page.pdf({ format: 'A4' });
  if (takingScreenshots) {
    const dir = join(process.env.E2E_SHOTS ?? '', 'share');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.pdf`), file);
  }
  const pdf = file.toString('latin1');
  return pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}

/**
 * The browser's own print of the viewer (menu, Ctrl+P, Save as PDF) prints the whole document, on as many
 * pages as the document printed on its own, down to its last heading; the Print button prints the page.
 */
async function expectWholeDocumentPrinted(page: Page, link: string): Promise<void> {
  const alone = (await openDocumentAlone(link)).page;
  const lastHeading = (await alone.getByRole('heading', { level: 2 }).last().textContent()) ?? '';
  const pages = await printedPages(alone, 'printed-alone');
  expect(pages).toBeGreaterThan(1);
  expect(await printedPages(page, 'printed-viewer')).toBe(pages);
  await page.emulateMedia({ media: 'print' });
  await visible(page.getByRole('heading', { level: 2, name: lastHeading }));
  await hidden(page.locator('iframe'));
  // On paper too the document keeps its own style.
  expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).color)).toBe(
    'rgb(31, 79, 77)',
  );
  await page.emulateMedia({ media: null });
  await hidden(page.getByRole('heading', { level: 2, name: lastHeading }));

  await page.evaluate(() => {
    addEventListener('beforeprint', () => document.body.setAttribute('data-printing', 'yes'));
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await eventually(() => page.locator('body').getAttribute('data-printing')).toBe('yes');
}

const frameOf = (page: Page) => page.frameLocator('iframe[title^="Shared document"]');

const SCRIPTS_OFF = 'no script can run in this frame';

/** Whether anything of the hostile text ran: in the page, and in every frame that lets us look. */
async function pwned(page: Page): Promise<unknown[]> {
  const seen: unknown[] = [await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A frame with an empty sandbox runs no script, not even Playwright's: evaluation there never settles.
    const off = new Promise((resolve) => setTimeout(() => resolve(SCRIPTS_OFF), 2000));
    seen.push(
      await Promise.race([
        frame.evaluate(() => (window as { __pwned?: unknown }).__pwned).catch(() => SCRIPTS_OFF),
        off,
      ]),
    );
  }
  return seen.filter((v) => v !== undefined && v !== SCRIPTS_OFF);
}

describe('Sharing', () => {
  const links: Record<string, string> = {};

  it('says there is nothing to share before any work, and keeps Create disabled without a choice', async () => {
    await signUp(env.page, env.mail, account);
    // The first list read, held at the server's door: the table says it is loading until the answer comes.
    const listing = await holdShareRequests('GET');
    const modal = await openShare();
    await visible(modal.getByText('Loading documents...'), 15_000);
    await eventually(() => listing.held()).toBeGreaterThan(0);
    await listing.release();
    await visible(modal.getByText('No documents available'), 15_000);
    await hidden(modal.getByText('Loading documents...'));
    const createButton = modal.getByRole('button', { name: 'Create', exact: true });
    expect(await createButton.isDisabled()).toBe(true);
    expect(await documentSelect(modal).inputValue()).toBe('');
    expect(await modal.locator('option').first().textContent()).toBe('Select something to share');
    expect(await modal.locator('optgroup').getAttribute('label')).toBe('SAA');

    await create(modal, '12-step-status');
    await visible(
      modal.getByText(
        "There is nothing yet to report. Please come back when you have started working SAA's 12 steps.",
      ),
      15_000,
    );
    await create(modal, 'step-four-inventories');
    await visible(
      modal.getByText(
        'There is nothing in your inventories yet. Please come back when you have started working on your Step Four inventories.',
      ),
      15_000,
    );
    expect(shareRows()).toEqual([]);

    await modal.getByRole('button', { name: /^Help/ }).click();
    const help = await visible(dialog(env.page, 'How Sharing Works'));
    await visible(help.getByText(/print it or save it as a PDF/));
    await visible(help.getByText(/press its Copy link button/));
    expect(await help.getByText(/address bar/).count()).toBe(0);
    await expectAccessible(env.page, "the 'How Sharing Works' help");
    await help.getByRole('button', { name: 'OK' }).click();
    await hidden(help);
    await expectAccessible(env.page, 'the Share modal, empty');
    await closeShare(modal);
  });

  it('writes a prayer and two inventory entries', async () => {
    const page = env.page;
    await page.goto(stepUrl(3));
    await visible(pageHeading(page, 'Step Three'));
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByLabel('My Third Step Prayer, in my own words').fill(SECRET.prayer);
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await visible(page.getByText('Prayer saved'));

    await page.goto(stepUrl(4));
    const inventories = await openInventories(page);
    await quickAdd(page, /^Add a resentment/, SECRET.resentment);
    await inventories.getByRole('button', { name: `Edit ${SECRET.resentment}`, exact: true }).click();
    const form = await visible(inventories.getByRole('form', { name: 'Edit entry' }));
    await form.getByLabel('Why I am resentful', { exact: true }).fill(`He kept the deposit ${unique}`);
    await form.getByLabel('How I feel', { exact: true }).fill('Cheated');
    await form.getByRole('checkbox', { name: 'Pride', exact: true }).click();
    await form.getByRole('checkbox', { name: 'Pocketbook', exact: true }).click();
    const saved = inventorySaved(page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
    await hidden(form);
    await inventories.getByRole('tab', { name: /^Fears/ }).click();
    await quickAdd(page, /^Add a fear/, SECRET.fear);
    await inventories.getByRole('button', { name: 'Close' }).first().click();
    await hidden(inventories);
  });

  it('creates both documents and lists them with links; the server keeps only ciphertext', async () => {
    const modal = await openShare();
    // The upload held at the server's door: Create says it is working and cannot be pressed again.
    const upload = await holdShareRequests('POST');
    await create(modal, '12-step-status');
    const working = await visible(modal.getByRole('button', { name: 'Creating...', exact: true }), 15_000);
    await eventually(() => upload.held()).toBe(1);
    expect(await working.isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0);
    await upload.release();
    await visible(modal.getByText(`Document "${STATUS}" created successfully!`), 30_000);
    await visible(modal.getByRole('button', { name: 'Create', exact: true }));
    expect(await documentSelect(modal).inputValue()).toBe('');
    await create(modal, 'step-four-inventories');
    await visible(modal.getByText(`Document "${INVENTORIES}" created successfully!`), 30_000);
    const table = modal.getByRole('table');
    await eventually(() => table.getByRole('row').count()).toBe(3);
    for (const name of [STATUS, INVENTORIES]) {
      const link = table.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('target')).toBe('_blank');
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^${env.server.baseUrl}/s/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$`));
      links[name] = href;
    }
    for (const header of ['Document', 'Create Date', 'Expire Date']) {
      await visible(table.getByRole('columnheader', { name: header }));
    }
    // Copy link puts the whole link on the clipboard, and says so where a screen reader hears it.
    await env.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const statusRow = table.getByRole('row').filter({ hasText: STATUS });
    await statusRow.getByRole('button', { name: `Copy link to ${STATUS}` }).click();
    await visible(statusRow.getByRole('status').getByText('Link copied', { exact: true }));
    expect(await env.page.evaluate(() => navigator.clipboard.readText())).toBe(links[STATUS]);
    await shot(env.page, 'share-modal', { desktop: true });
    await expectAccessible(env.page, 'the Share modal with documents');

    const rows = shareRows();
    expect(rows.map((r) => r.share_name).sort()).toEqual([STATUS, INVENTORIES].sort());
    for (const row of rows) {
      for (const text of [unique, 'Landlord', 'willow', 'Step Four', '<html', 'script']) {
        expect(row.html_content).not.toContain(text);
        expect(Buffer.from(row.html_content, 'base64').toString('latin1')).not.toContain(text);
      }
      expect(row.html_content).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    }
    // The keys travel only in the links' fragments: no request ever carried one.
    for (const link of Object.values(links)) {
      const key = link.split('#')[1] ?? '';
      expect(env.traffic.filter((t) => t.includes(key))).toEqual([]);
      expect(rows.some((r) => r.owner_key.includes(key))).toBe(false);
    }
    await closeShare(modal);
  });

  it('opens the status document for a visitor, with the prayer as plain text that runs nothing', async () => {
    const { page, errors, dialogs, response } = await visit(links[STATUS] ?? '');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await visible(page.getByRole('heading', { level: 1, name: STATUS }), 15_000);
    const frame = frameOf(page);
    await visible(frame.getByRole('heading', { level: 1, name: STATUS }), 15_000);
    await visible(frame.getByText('Step Three: Making a decision'));
    await visible(frame.getByText(SECRET.prayer.slice(0, 40)));
    expect(await frame.locator('script, img').count()).toBe(0);
    expect(await page.locator('iframe').first().getAttribute('sandbox')).toBe('');
    expect(await frame.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).color)).toBe(
      'rgb(31, 79, 77)',
    );
    await page.waitForTimeout(500);
    expect(await pwned(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await shot(page, 'viewer-status');
    await expectWholeDocumentPrinted(page, links[STATUS] ?? '');
    await page.waitForTimeout(500);
    expect(await pwned(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await expectViewerAccessible(page, 'the viewer with the status document');
    const html = await expectDocumentAccessible(links[STATUS] ?? '', 'the status document');
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
  });

  it('opens the inventories document for a visitor', async () => {
    const { page, errors, dialogs } = await visit(links[INVENTORIES] ?? '');
    const frame = frameOf(page);
    await visible(frame.getByText('Resentments Inventory (1 entry)'), 15_000);
    await visible(frame.getByText('Fears Inventory (1 entry)'));
    expect(await frame.getByText('Harms Done Inventory').count()).toBe(0);
    await visible(frame.getByRole('heading', { name: SECRET.resentment }));
    await visible(frame.getByText(`He kept the deposit ${unique}`));
    await visible(frame.getByText('Pride, Pocketbook', { exact: true }));
    await visible(frame.getByText('Rowan', { exact: true }));
    await visible(frame.getByText('Made with SAM', { exact: true }));
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await shot(page, 'viewer-inventories');
    await expectViewerAccessible(page, 'the viewer with the inventories document');
    await expectDocumentAccessible(links[INVENTORIES] ?? '', 'the inventories document');
  });

  it('names the person by first name only in every document, with no e-mail address and no word of AI', async () => {
    for (const link of [links[STATUS] ?? '', links[INVENTORIES] ?? '']) {
      const { html } = await openDocumentAlone(link);
      const header = html.slice(html.indexOf('<header>'), html.indexOf('</header>'));
      expect(header).toContain('<p class="meta">Rowan</p>');
      expect(header).toContain('<p class="meta">Made with SAM</p>');
      expect(html).not.toContain('Hale');
      expect(html).not.toContain(account.email);
      expect(html).not.toMatch(/[^\s<>"'@]+@[^\s<>"'@]+\.[a-z]{2,}/i);
      expect(html).not.toMatch(/\bAI\b|Mentor/);
    }
  });

  it('cleans a hostile document so nothing in it runs', async () => {
    const token = await env.page.evaluate(() => localStorage.getItem('auth_token'));
    const key = createShareKey(globalThis.crypto);
    const hostile = `<!doctype html><html><head><style>h1{color:rgb(1, 2, 3)}</style><script>window.__pwned=3</script></head><body><h1>Hostile ${unique}</h1><p>${EVIL}</p><svg onload="window.__pwned=4"></svg><iframe srcdoc="<script>parent.__pwned=5</script>"></iframe><a href="javascript:window.__pwned=6">x</a><form action="https://example.com"><input name="q"></form></body></html>`;
    const created = await fetch(`${env.server.baseUrl}/api/share/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        share_name: 'Hostile',
        document_type: 'step-four-inventories',
        html_content: await encryptShareDocument(globalThis.crypto, key, hostile),
        owner_key: Buffer.from('not really a key, but long enough').toString('base64'),
      }),
    });
    expect(created.status).toBe(200);
    const { share_url } = (await created.json()) as { share_url: string };
    const { page, dialogs, errors, consoleLines } = await visit(`${share_url}#${key}`);
    const frame = frameOf(page);
    await visible(frame.getByRole('heading', { name: `Hostile ${unique}` }), 15_000);
    const survivors = frame.locator('script, img, svg, iframe, a, form, input, [onerror], [onload]');
    expect(await survivors.evaluateAll((found) => found.map((e) => e.outerHTML))).toEqual([]);
    // The copy the browser prints holds the same cleaned nodes, without the style it could not apply.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByRole('heading', { name: `Hostile ${unique}` });
    await visible(printed);
    expect(await printed.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(1, 2, 3)');
    const copied = page
      .locator('#share-print-copy')
      .locator('script, img, svg, iframe, a, form, input, style, [style], [onerror], [onload]');
    expect(await copied.evaluateAll((found) => found.map((e) => e.outerHTML))).toEqual([]);
    await page.waitForTimeout(1000);
    expect(await pwned(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    // DOMPurify parses the document in an inert DOMParser document, which inherits the page's policy:
    // Chromium reports the two handlers (img onerror, svg onload) as refused there. Nothing else is reported.
    expect(errors.filter((e) => !/^csp: Executing inline event handler/.test(e))).toEqual([]);
    expect(
      consoleLines.filter((l) => /^error/.test(l) && !/purify[^:]*\.js: Executing inline/.test(l)),
    ).toEqual([]);
  });

  it('explains a link without its key, with a wrong key, and an expired document', async () => {
    const [path, key] = (links[INVENTORIES] ?? '').split('#') as [string, string];
    const noKey = await visit(path);
    await visible(noKey.page.getByRole('heading', { name: 'This link is missing its key' }), 15_000);
    const wrongKey = await visit(`${path}#${createShareKey(globalThis.crypto)}`);
    await visible(
      wrongKey.page.getByRole('heading', { name: 'This document could not be opened with this link' }),
      15_000,
    );
    expect(await wrongKey.page.locator('iframe').count()).toBe(0);
    const unknown = await visit(`/s/${'A'.repeat(22)}#${key}`);
    await visible(unknown.page.getByRole('heading', { name: 'This document could not be found' }), 15_000);

    const id = path.split('/').pop() ?? '';
    changeDatabase(
      env.server,
      'UPDATE share_documents SET expires_at = ? WHERE id = ?',
      Date.now() - 1000,
      id,
    );
    const expired = await visit(`${path}#${key}`);
    await visible(expired.page.getByRole('heading', { name: 'This shared document has expired' }), 15_000);
    await shot(expired.page, 'viewer-expired');
    await expectViewerAccessible(expired.page, 'the viewer, expired');
  });

  it('deletes a document only after confirmation', async () => {
    const modal = await openShare();
    const table = modal.getByRole('table');
    // The expired inventories document has left the list; the status and the hostile one remain.
    await eventually(() => table.getByRole('row').count()).toBe(3);
    await table.getByRole('button', { name: new RegExp(`^Delete ${STATUS}`) }).click();
    let confirm = await visible(dialog(env.page, 'Delete document'));
    await visible(confirm.getByText(`Are you sure you want to delete "${STATUS}"?`));
    await expectAccessible(env.page, 'the Delete document confirmation');
    await confirm.getByRole('button', { name: 'No', exact: true }).click();
    await hidden(confirm);
    expect(await table.getByRole('link', { name: new RegExp(`^${STATUS}`) }).count()).toBe(1);

    await table.getByRole('button', { name: new RegExp(`^Delete ${STATUS}`) }).click();
    confirm = await visible(dialog(env.page, 'Delete document'));
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
    await visible(modal.getByText('Document deleted successfully.'), 15_000);
    await eventually(() => table.getByRole('row').count()).toBe(2);
    expect(shareRows().map((r) => r.share_name)).not.toContain(STATUS);

    const gone = await visit(links[STATUS] ?? '');
    await visible(gone.page.getByRole('heading', { name: 'This document could not be found' }), 15_000);
  });
});
