import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freshDatabase } from '../apps/server/test/freshDatabase.ts';
import { CHROMIUM_FLAGS, type Child, chromiumPath, root, startSam } from './processes.ts';
import { type BenchOptions, type Check, round, type SectionResult, table } from './report.ts';

const STEP_PAGE = '/programs/saa/12-steps/step-1';
const PUBLIC_PAGES = ['/', '/self-assess'];
const LIGHTHOUSE_PUBLIC = ['/', '/self-assess', '/discover'];
const kb = (bytes: number) => round(bytes / 1024, 1);
const LIGHTHOUSE_RUNS = 3;

type Loaded = { file: string; type: 'js' | 'css'; gzip: number };
type RouteSize = { route: string; signedIn: boolean; jsGzip: number; cssGzip: number; files: Loaded[] };
type Score = {
  route: string;
  signedIn: boolean;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/** Every JS and CSS file a fresh visit to `path` loads, with the gzip (level 6) size of its content. */
async function loadedAssets(page: Page, base: string, path: string): Promise<Loaded[]> {
  const pending: Array<Promise<Loaded | null>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          file: new URL(response.url()).pathname,
          type: type === 'script' ? ('js' as const) : ('css' as const),
          gzip: gzipSync(body).length,
        }))
        .catch(() => null),
    );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  return (await Promise.all(pending)).filter((x): x is Loaded => x !== null);
}

async function routeSize(
  browser: Browser,
  base: string,
  path: string,
  signedIn: boolean,
): Promise<RouteSize> {
  // A new page in the default context shares its storage (the signed-in session) but not a memory cache.
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  try {
    const files = await loadedAssets(page, base, path);
    const sum = (type: Loaded['type']) =>
      files.filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
    return { route: path, signedIn, jsGzip: sum('js'), cssGzip: sum('css'), files };
  } finally {
    await page.close();
  }
}

/** Lighthouse varies from run to run on a shared machine: the run with the median score of `runs`. */
async function medianAudit(port: number, url: string, signedIn: boolean, runs: number): Promise<Score> {
  const scores: Score[] = [];
  for (let i = 0; i < runs; i++) scores.push(await audit(port, url, signedIn));
  scores.sort((a, b) => a.performance - b.performance);
  return scores[Math.floor(scores.length / 2)] as Score;
}

async function audit(port: number, url: string, signedIn: boolean): Promise<Score> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Keeps the signed-in session (localStorage, the data key in IndexedDB) for the step page.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    route: new URL(url).pathname,
    signedIn,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: round(value('cumulative-layout-shift'), 3),
  };
}

/** Creates an account through the UI as a person would; the mailed code is read from the server's log. */
async function signUpInBrowser(browser: Browser, sam: Child): Promise<void> {
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  const email = `bench-${Date.now()}@example.com`;
  try {
    await page.goto(`${sam.url}/`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Create Account', exact: true });
    await modal.getByLabel('First name').fill('Ada');
    await modal.getByLabel('Email').fill(email);
    await modal.getByLabel('Password', { exact: true }).fill('Quiet river keeps flowing 2026');
    await modal.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/verify-email', { timeout: 30_000 });
    let code: string | undefined;
    for (let i = 0; i < 200 && !code; i++) {
      code = sam
        .log()
        .split(`development mail to ${email}`)[1]
        ?.match(/\b(\d{6})\b/)?.[1];
      if (!code) await page.waitForTimeout(50);
    }
    if (!code) throw new Error('no confirmation code in the server log');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Save your recovery code', exact: true });
    await codeDialog.getByRole('checkbox', { name: 'I have saved it' }).click({ timeout: 30_000 });
    await codeDialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor({ timeout: 30_000 });
  } finally {
    await page.close();
  }
}

/**
 * The web build to measure. A full run builds its own production build (NODE_ENV=production: a build
 * started from inside vitest inherits NODE_ENV=test and bundles React's development build); the smoke run
 * serves apps/web/dist, built when its sources are newer, as `npm start` does.
 */
function webBuild(options: BenchOptions): string {
  const script = options.smoke
    ? ["import('./scripts/webBuild.mjs').then((m) => m.ensureWebBuild())"]
    : undefined;
  const outDir = join(options.workDir, 'web-dist');
  const result = script
    ? spawnSync(process.execPath, ['--input-type=module', '-e', ...script], { cwd: root, stdio: 'inherit' })
    : spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: join(root, 'apps/web'),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
  if (result.status !== 0) throw new Error('the web app failed to build');
  return script ? join(root, 'apps/web/dist') : outDir;
}

export async function benchBrowser(options: BenchOptions): Promise<SectionResult> {
  const webDist = webBuild(options);
  const fresh = await freshDatabase(undefined, 'sam-bench-web');
  const sam = await startSam(fresh.url, options.workDir, {
    AUTH_RATE_LIMIT_PER_IP: '1000',
    WEB_DIST: webDist,
  });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const sizes: RouteSize[] = [];
  const scores: Score[] = [];
  try {
    for (const path of PUBLIC_PAGES) sizes.push(await routeSize(browser, sam.url, path, false));
    const lighthousePublic = options.smoke ? LIGHTHOUSE_PUBLIC.slice(0, 1) : LIGHTHOUSE_PUBLIC;
    const runs = options.smoke ? 1 : LIGHTHOUSE_RUNS;
    for (const path of lighthousePublic) {
      scores.push(await medianAudit(chrome.port, `${sam.url}${path}`, false, runs));
    }
    await signUpInBrowser(browser, sam);
    sizes.push(await routeSize(browser, sam.url, STEP_PAGE, true));
    if (!options.smoke) scores.push(await medianAudit(chrome.port, `${sam.url}${STEP_PAGE}`, true, runs));
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await sam.stop();
    await fresh.drop();
  }

  const checks: Check[] = [];
  for (const size of sizes.filter((s) => !s.signedIn)) {
    checks.push({
      what: `First-load JS of ${size.route} (gzip)`,
      figure: `${kb(size.jsGzip)} KB`,
      target: '< 130 KB',
      met: size.jsGzip < 130 * 1024,
    });
  }
  for (const score of scores) {
    checks.push({
      what: `Lighthouse performance (mobile), ${score.route}${score.signedIn ? ' signed in' : ''}`,
      figure: String(score.performance),
      target: '≥ 95',
      met: score.performance >= 95,
    });
  }
  const biggest = (size: RouteSize) =>
    [...size.files]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((f) => `\`${f.file.replace('/assets/', '')}\` ${kb(f.gzip)} KB`)
      .join(', ');
  const markdown = [
    `The production build (\`vite build\`, NODE_ENV=production) served by SAM's own server, loaded in the system Chromium with the cache off; sizes are gzip (level 6) of each JS and CSS response. Lighthouse 12 with its default mobile settings (Moto G-class CPU slowdown ×4, slow 4G simulated), the median of ${LIGHTHOUSE_RUNS} runs by score; the step page is measured signed in (an account created through the UI, its session and data key kept).`,
    '',
    table(
      ['route', 'JS gzip (KB)', 'CSS gzip (KB)', 'files', 'largest JS/CSS (gzip)'],
      sizes.map((s) => [
        `${s.route}${s.signedIn ? ' (signed in)' : ''}`,
        kb(s.jsGzip),
        kb(s.cssGzip),
        s.files.length,
        biggest(s),
      ]),
    ),
    '',
    table(
      ['page', 'performance', 'LCP (ms)', 'TBT (ms)', 'CLS'],
      scores.map((s) => [
        `${s.route}${s.signedIn ? ' (signed in)' : ''}`,
        s.performance,
        s.lcpMs,
        s.tbtMs,
        s.cls,
      ]),
    ),
  ].join('\n');
  return { title: 'Browser', data: { sizes, lighthouse: scores }, markdown, checks };
}
