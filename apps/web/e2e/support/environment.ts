import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type MailReceiver, startMailReceiver } from '../../../server/test/mailReceiver.ts';
import { launchChromium, phoneContext, recordPageErrors, recordTraffic } from './browser.ts';
import { type SamServer, type ServerLogLevel, startSamServer } from './samServer.ts';

export type E2eEnvironment = {
  mail: MailReceiver;
  server: SamServer;
  browser: Browser;
  /** The phone-sized context of the main page. */
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and CSP refusals on the main page. */
  pageErrors: string[];
  /** Every request the main page sent: method, URL, headers and body. */
  traffic: string[];
  /** Another phone-sized context on the same server (a second person, or a visitor without an account). */
  newContext(): Promise<BrowserContext>;
};

/**
 * Registers the set-up every browser test file shares: a mail receiver, the real server on a fresh SQLite
 * file, Chromium and one phone-sized page. Read the fields inside tests (they exist once beforeAll ran).
 * `serverLogLevel` makes the server log more than warnings (its output is in `server.log`).
 */
export function e2eEnvironment(options: { serverLogLevel?: ServerLogLevel } = {}): E2eEnvironment {
  const env = {} as E2eEnvironment;
  const extraContexts: BrowserContext[] = [];

  beforeAll(async () => {
    env.mail = await startMailReceiver();
    env.server = await startSamServer({ smtpUrl: env.mail.url, logLevel: options.serverLogLevel });
    env.browser = await launchChromium();
    env.newContext = async () => {
      const context = await phoneContext(env.browser, env.server.baseUrl);
      extraContexts.push(context);
      return context;
    };
    env.context = await phoneContext(env.browser, env.server.baseUrl);
    env.page = await env.context.newPage();
    env.pageErrors = recordPageErrors(env.page);
    env.traffic = recordTraffic(env.page);
  });

  afterAll(async () => {
    for (const context of extraContexts) await context.close();
    await env.context?.close();
    await env.browser?.close();
    await env.server?.stop();
    await env.mail?.close();
  });

  return env;
}
