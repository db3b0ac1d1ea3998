import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Browser, Page } from 'playwright-core';
import { freshDatabase } from '../apps/server/test/freshDatabase.ts';
import { startMailReceiver } from '../apps/server/test/mailReceiver.ts';
import { BenchChromium } from './benchChromium.ts';
import { root, startSam } from './processes.ts';
import { waitForQuiet } from './quiet.ts';
import { type BenchOptions, type Check, round, type SectionResult, table } from './report.ts';
import {
  defaultContext,
  makeSignedInPages,
  type SignedInPage,
  signedInPagesFromEnv,
  signInAsSponsor,
  signUpInBrowser,
  type Workplace,
} from './signedInPages.ts';

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
  /** Lighthouse's CPU benchmark of the machine during the run: the ×4 slowdown is of this machine. */
  benchmarkIndex: number;
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
  const context = await defaultContext(browser);
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

/**
 * Lighthouse varies from run to run on a shared machine: the run with the median score of `runs`, each in a
 * Chromium started anew on the same profile. `route` names the page in the results (the sponsor's page by
 * its pattern, not its id).
 */
async function medianAudit(
  chrome: BenchChromium,
  url: string,
  route: string,
  signedIn: boolean,
  runs: number,
): Promise<Score> {
  const scores: Score[] = [];
  for (let i = 0; i < runs; i++) {
    await chrome.restart();
    scores.push(await audit(chrome.port, url, route, signedIn));
  }
  scores.sort((a, b) => a.performance - b.performance);
  return scores[Math.floor(scores.length / 2)] as Score;
}

/** BENCH_LIGHTHOUSE_OUT: a folder to keep each Lighthouse run's full JSON report in. */
const lighthouseOut = process.env.BENCH_LIGHTHOUSE_OUT;
let lighthouseRuns = 0;
/**
 * BENCH_LIGHTHOUSE_PROFILE=1: V8's CPU samples in each kept trace, to see which functions the long tasks
 * ran (sampling slows the page: take scores from a run without it).
 */
const lighthouseConfig = process.env.BENCH_LIGHTHOUSE_PROFILE
  ? {
      extends: 'lighthouse:default' as const,
      settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
    }
  : undefined;

/** How often a run that Lighthouse reports as failed (a trace it could not read, as under load) is tried. */
const LIGHTHOUSE_TRIES = 3;

async function audit(port: number, url: string, route: string, signedIn: boolean): Promise<Score> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await lighthouseReport(port, url, route, signedIn);
    if (!lhr.runtimeError) {
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        route,
        signedIn,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(value('largest-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        cls: round(value('cumulative-layout-shift'), 3),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
    }
    const failure = `Lighthouse failed on ${url} (${lhr.runtimeError.code})`;
    if (attempt === LIGHTHOUSE_TRIES) throw new Error(failure);
    console.warn(`${failure}; running it again`);
  }
}

async function lighthouseReport(port: number, url: string, route: string, signedIn: boolean) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Signed in, nothing is reset: the HTTP cache and service worker of earlier visits stay (a returning
      // visitor). Lighthouse 12's reset would keep the session (its clearStorageTypes leave localStorage and
      // IndexedDB alone) but load every file anew.
      disableStorageReset: signedIn,
    },
    lighthouseConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lighthouseOut) {
    mkdirSync(lighthouseOut, { recursive: true });
    lighthouseRuns += 1;
    const name = `${String(lighthouseRuns).padStart(2, '0')}${route.replace(/[^a-z0-9]+/gi, '-')}.json`;
    writeFileSync(join(lighthouseOut, name), JSON.stringify(result.lhr));
    // The page load's Chrome trace, for DevTools' Performance panel: what each long task did.
    const trace = result.artifacts.Trace;
    if (trace)
      writeFileSync(join(lighthouseOut, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
  }
  return result.lhr;
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
  // The smoke run measures no signed-in page with Lighthouse, so it makes no data for them.
  const signedInNames = options.smoke ? [] : signedInPagesFromEnv();
  const webDist = webBuild(options);
  const fresh = await freshDatabase(undefined, 'sam-bench-web');
  const mail = await startMailReceiver();
  const sam = await startSam(fresh.url, options.workDir, {
    AUTH_RATE_LIMIT_PER_IP: '1000',
    SMTP_URL: mail.url,
    WEB_DIST: webDist,
  });
  const chrome = new BenchChromium(join(options.workDir, 'chromium-profile'));
  await chrome.start();
  // Each audit restarts Chromium: the pages that make data use the Chromium of the moment.
  const workplace: Workplace = {
    get browser() {
      return chrome.browser;
    },
    base: sam.url,
    mail,
  };
  const sizes: RouteSize[] = [];
  const scores: Score[] = [];
  let signedInPages: SignedInPage[] = [];
  try {
    for (const path of PUBLIC_PAGES) sizes.push(await routeSize(chrome.browser, sam.url, path, false));
    const lighthousePublic = options.smoke ? LIGHTHOUSE_PUBLIC.slice(0, 1) : LIGHTHOUSE_PUBLIC;
    const runs = options.smoke ? 1 : LIGHTHOUSE_RUNS;
    // The build and, below, the data made through the UI (a key derived in the browser) load the machine.
    if (!options.smoke) await waitForQuiet(60_000);
    for (const path of lighthousePublic) {
      scores.push(await medianAudit(chrome, `${sam.url}${path}`, path, false, runs));
    }
    const ada = await signUpInBrowser(workplace);
    signedInPages = await makeSignedInPages(workplace, ada, signedInNames);
    sizes.push(await routeSize(chrome.browser, sam.url, STEP_PAGE, true));
    if (!options.smoke) await waitForQuiet(60_000);
    for (const page of signedInPages) {
      if (page.account !== ada) await signInAsSponsor(workplace, ada, page);
      scores.push(await medianAudit(chrome, `${sam.url}${page.path}`, page.route, true, runs));
    }
  } finally {
    await chrome.stop();
    await sam.stop();
    await mail.close();
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
    `The production build (\`vite build\`, NODE_ENV=production) served by SAM's own server, loaded in the system Chromium with the cache off; sizes are gzip (level 6) of each JS and CSS response. Lighthouse 12 with its default mobile settings (Moto G-class CPU slowdown ×4, slow 4G simulated), the median of ${LIGHTHOUSE_RUNS} runs by score, each in a Chromium started anew on one profile (as Lighthouse's own command line starts one per run; in a single long-running Chromium, each audit's page shared a renderer process with every page before it, and Lighthouse's debugger walked that process's heap as the page began to load, a task that grew with the pages audited before). The CPU benchmark is Lighthouse's own of the machine during that run: the simulated phone is 4 times slower than the machine, so a lower benchmark means a slower phone. Signed-in pages are audited with Lighthouse's storage reset off, which keeps the session and data key of an account created through the UI, and also the HTTP cache and service worker of the visits before (a returning visitor).`,
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
    ...(signedInPages.length
      ? [
          `Each signed-in page holds data made through the UI in the same Chromium profile before the audits (encrypted in the browser, as a person would): ${signedInPages.map((p) => `\`${p.route}\`: ${p.made}`).join('; ')}.`,
          '',
        ]
      : []),
    table(
      ['page', 'performance', 'LCP (ms)', 'TBT (ms)', 'CLS', 'CPU benchmark'],
      scores.map((s) => [
        `${s.route}${s.signedIn ? ' (signed in)' : ''}`,
        s.performance,
        s.lcpMs,
        s.tbtMs,
        s.cls,
        s.benchmarkIndex,
      ]),
    ),
  ].join('\n');
  const madeFor = signedInPages.map(({ route, made }) => ({ route, made }));
  return { title: 'Browser', data: { sizes, lighthouse: scores, signedInPages: madeFor }, markdown, checks };
}
