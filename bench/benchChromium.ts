import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import { type Browser, chromium } from 'playwright-core';
import { chromeLauncherFlags } from '../apps/web/e2e/support/chromiumFlags.ts';
import { chromiumPath } from './processes.ts';

/** How long a Chromium asked to close may take to write its profile and exit before it is killed. */
const CLOSE_TIMEOUT_MS = 15_000;

/**
 * The system Chromium on a profile kept in `profileDir`, which `restart` closes and starts again. Each
 * Lighthouse run gets a Chromium of its own, as Lighthouse's own command line does, while the profile keeps
 * what a returning visitor's browser keeps: the session, the data key, the service worker and the HTTP cache.
 *
 * In one long-running Chromium, every audit's tab ran in the same renderer process as the pages before it,
 * and Lighthouse's debugger walked that process's whole heap as each page began to load: one task that grew
 * with the pages audited before (30 to 260 ms), counted in the page's blocking time. In a new Chromium the
 * first task is the page's own start in a new process, alike from run to run.
 */
export class BenchChromium {
  private chrome: chromeLauncher.LaunchedChrome | undefined;
  private connected: Browser | undefined;

  constructor(private readonly profileDir: string) {
    mkdirSync(profileDir, { recursive: true });
  }

  async start(): Promise<void> {
    this.chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: chromeLauncherFlags(chromeLauncher.Launcher.defaultFlags()),
      ignoreDefaultFlags: true,
      userDataDir: this.profileDir,
    });
    this.connected = await chromium.connectOverCDP(`http://127.0.0.1:${this.chrome.port}`);
  }

  /** The debugging port Lighthouse connects to. */
  get port(): number {
    if (!this.chrome) throw new Error('Chromium is not running');
    return this.chrome.port;
  }

  /** Playwright's connection, for making data through the UI. */
  get browser(): Browser {
    if (!this.connected) throw new Error('Chromium is not running');
    return this.connected;
  }

  /** Closes Chromium as a person would (it writes its profile to disk), killing it only if it hangs. */
  async stop(): Promise<void> {
    const { chrome, connected } = this;
    this.chrome = undefined;
    this.connected = undefined;
    if (!chrome) return;
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : Promise.resolve();
    const cdp = await connected?.newBrowserCDPSession().catch(() => undefined);
    await cdp?.send('Browser.close').catch(() => undefined);
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(resolve, CLOSE_TIMEOUT_MS, 'timeout').unref(),
    );
    if ((await Promise.race([exited, timeout])) === 'timeout') chrome.kill();
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}
