import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type MailReceiver, startMailReceiver } from '../../../server/test/mailReceiver.ts';
import {
  launchChromium,
  phoneContext,
  recordApiReplies,
  recordPageErrors,
  recordTraffic,
} from './browser.ts';
import { type SamServer, type ServerLogLevel, startSamServer } from './samServer.ts';

/** A page in a browser context of its own, with what it recorded since it opened. */
export type E2ePage = {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and CSP refusals on the page. */
  pageErrors: string[];
  /** Every request the page sent: method, URL, headers and body. */
  traffic: string[];
};

export type E2eEnvironment = E2ePage & {
  mail: MailReceiver;
  server: SamServer;
  browser: Browser;
  /**
   * Another context on the same server (a second person, or a visitor without an account): phone-sized,
   * unless `options` say otherwise (a desktop viewport, another locale: they override the phone's). It is
   * closed after the file, unless the test closed it before.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new context (as {@link E2eEnvironment.newContext}), recording its page errors and traffic. */
  newPage(options?: BrowserContextOptions): Promise<E2ePage>;
  /** The page errors so far of every page this environment opened: the main page(s) and each newPage. */
  allPageErrors(): string[];
};

export type E2eEnvironmentOptions = {
  /** The server logs more than warnings (its output is in `server.log`). */
  serverLogLevel?: ServerLogLevel;
  /**
   * A fresh context and page for each test instead of one for the whole file: `context`, `page`,
   * `pageErrors` and `traffic` then belong to the running test, and the context is closed after it.
   */
  pagePerTest?: boolean;
};

/**
 * Registers the set-up every browser test file shares: a mail receiver, the real server on a fresh SQLite
 * file, one Chromium and a phone-sized page (one for the file, or one per test with `pagePerTest`). Read the
 * fields inside tests and hooks (they exist once beforeAll ran).
 */
export function e2eEnvironment(options: E2eEnvironmentOptions = {}): E2eEnvironment {
  const env = {} as E2eEnvironment;
  const openContexts = new Set<BrowserContext>();
  const recordedErrors: string[][] = [];
  /** Each open page this environment made, with its latest API replies. */
  const openPages = new Map<Page, string[]>();

  const newContext = async (contextOptions?: BrowserContextOptions) => {
    const context = await phoneContext(env.browser, env.server.baseUrl, contextOptions);
    openContexts.add(context);
    context.once('close', () => openContexts.delete(context));
    return context;
  };
  const newPage = async (contextOptions?: BrowserContextOptions): Promise<E2ePage> => {
    const context = await newContext(contextOptions);
    const page = await context.newPage();
    const pageErrors = recordPageErrors(page);
    openPages.set(page, recordApiReplies(page));
    page.once('close', () => openPages.delete(page));
    recordedErrors.push(pageErrors);
    return { context, page, pageErrors, traffic: recordTraffic(page) };
  };
  const setMainPage = (main: E2ePage) => Object.assign(env, main);

  beforeAll(async () => {
    env.mail = await startMailReceiver();
    env.server = await startSamServer({ smtpUrl: env.mail.url, logLevel: options.serverLogLevel });
    env.browser = await launchChromium();
    env.newContext = newContext;
    env.newPage = newPage;
    env.allPageErrors = () => recordedErrors.flat();
    if (!options.pagePerTest) setMainPage(await newPage());
  });

  if (options.pagePerTest) {
    beforeEach(async () => {
      setMainPage(await newPage());
    });
  }
  // A failed test prints what each open page showed (before a page of its own is closed), so a failure seen
  // only on a busy CI machine can be read: a test may drive a page of its own rather than the main one.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      for (const [page, replies] of openPages) console.error(await describePage(page, task.name, replies));
    }
    if (options.pagePerTest) await env.context?.close();
  });

  afterAll(async () => {
    for (const context of [...openContexts]) await context.close();
    await env.browser?.close();
    await env.server?.stop();
    await env.mail?.close();
  });

  return env;
}

/** The page's address, its latest API replies, its accessibility tree (cut short) and a screenshot. */
async function describePage(page: Page, testName: string, replies: string[]): Promise<string> {
  const shot = join(tmpdir(), `sam-e2e-failed-${Date.now()}.png`);
  const tree = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5000 })
    .catch((error: Error) => `(no accessibility tree: ${error.message})`);
  const saved = await page
    .screenshot({ path: shot, timeout: 5000 })
    .then(() => shot)
    .catch((error: Error) => `(no screenshot: ${error.message})`);
  return [
    `The page when "${testName}" failed: ${page.url()}`,
    `Screenshot: ${saved}`,
    `Latest API replies, oldest first:\n  ${replies.join('\n  ') || '(none)'}`,
    tree.length > 6000 ? `${tree.slice(0, 6000)}\n…` : tree,
  ].join('\n');
}
