// `npm run bench`: every section of the benchmark (docs/performance.md), each started on a
// settled machine (bench/quiet.ts), written to bench/results.{json,md}.
// `npm run bench:smoke` (`--smoke`): a tiny seed and short runs, figures printed, results in a temp folder.
// `npm run bench -- --hot`: only the hot routes' throughput (GET /api/whoami, the step save, GET /api/progress)
// on SQLite at 64 connections, 5 s per read run, figures printed, results in a temp folder: a re-measure in
// about a minute. Add BENCH_CPU_PROF=<folder> to get a CPU profile of the server (CONTRIBUTING.md).
// Environment: BENCH_SECTIONS (throughput,scale,browser,crypto), BENCH_ENGINES (sqlite,postgres),
// BENCH_POSTGRES_URL, BENCH_SIZES (scale), BENCH_DURATION (seconds per throughput run),
// BENCH_CONNECTIONS (e.g. 64,1), BENCH_ROUTES (throughput routes: whoami,step,progress,inventory,circles,
// checkins,space,login;
// the baseline always runs), BENCH_CPU_PROF (folder for SAM's `node --cpu-prof` profile), BENCH_OUT
// (folder for the results), BENCH_PAGES (the browser section's signed-in pages, each with data made through
// the UI first: step,inventory,circles,checkin,sponsor; default all; the smoke run audits none of them),
// BENCH_LIGHTHOUSE_OUT (folder for each Lighthouse run's full JSON report and its Chrome trace),
// BENCH_LIGHTHOUSE_PROFILE=1 (CPU samples in those traces).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBrowser } from './browser.ts';
import { benchClientCrypto } from './clientCrypto.ts';
import { waitForQuiet } from './quiet.ts';
import { type BenchOptions, type BenchRoute, checksTable, ROUTES, type SectionResult } from './report.ts';
import { benchScale } from './scale.ts';
import { benchThroughput } from './throughput.ts';

const smoke = process.argv.includes('--smoke');
const hot = process.argv.includes('--hot');
const env = (name: string, full: string, quick: string, hotValue = full) =>
  process.env[name] || (smoke ? quick : hot ? hotValue : full);
const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const SECTIONS: Record<string, (options: BenchOptions) => Promise<SectionResult>> = {
  throughput: benchThroughput,
  scale: benchScale,
  browser: benchBrowser,
  crypto: benchClientCrypto,
};

const postgresUrl = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const workDir = mkdtempSync(join(tmpdir(), 'sam-bench-'));
const options: BenchOptions = {
  smoke,
  engines: list(env('BENCH_ENGINES', 'sqlite,postgres', 'sqlite', 'sqlite')).map((engine) => {
    if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`BENCH_ENGINES: unknown ${engine}`);
    return { engine, server: engine === 'postgres' ? postgresUrl : undefined };
  }),
  sizes: list(env('BENCH_SIZES', '10000,100000', '300')).map(Number),
  durationSeconds: Number(env('BENCH_DURATION', '10', '1', '5')),
  connections: list(env('BENCH_CONNECTIONS', '64,1', '64', '64')).map(Number),
  routes: list(env('BENCH_ROUTES', ROUTES.join(','), ROUTES.join(','), 'whoami,step,progress')).map(
    (route) => {
      if (!(ROUTES as readonly string[]).includes(route)) throw new Error(`BENCH_ROUTES: unknown ${route}`);
      return route as BenchRoute;
    },
  ),
  cpuProfileDir: process.env.BENCH_CPU_PROF || undefined,
  workDir,
};
const sections = list(
  env('BENCH_SECTIONS', Object.keys(SECTIONS).join(','), Object.keys(SECTIONS).join(','), 'throughput'),
);
const unknown = sections.filter((name) => !SECTIONS[name]);
if (unknown.length) throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')}`);

const outDir =
  process.env.BENCH_OUT ||
  (smoke || hot
    ? mkdtempSync(join(tmpdir(), smoke ? 'sam-bench-smoke-' : 'sam-bench-hot-'))
    : new URL('.', import.meta.url).pathname);
mkdirSync(outDir, { recursive: true });

const loadBefore = loadavg()[0] ?? 0;
const results: Record<string, SectionResult> = {};
/** Each section's 1-minute load average at its start, after waiting for the machine to settle. */
const sectionLoads: Record<string, number> = {};
const failed: string[] = [];
const started = Date.now();
try {
  for (const name of sections) {
    const run = SECTIONS[name] as (typeof SECTIONS)[string];
    console.log(`\n=== bench: ${name} ===`);
    // A full run measures each section on a settled machine; the quick runs do not wait.
    if (!smoke && !hot) {
      const { load, waitedSeconds } = await waitForQuiet();
      console.log(`(load average ${load} after waiting ${waitedSeconds} s for the machine to settle)`);
      sectionLoads[name] = load;
    }
    const sectionStart = Date.now();
    try {
      results[name] = await run(options);
    } catch (error) {
      // One broken section must not lose the others' figures; the run still exits non-zero.
      console.error(error);
      failed.push(name);
      const message = error instanceof Error ? error.message : String(error);
      results[name] = { title: name, data: { error: message }, markdown: `Failed: ${message}`, checks: [] };
    }
    console.log(results[name].markdown);
    console.log(`(${name}: ${((Date.now() - sectionStart) / 1000).toFixed(1)} s)`);
  }
} finally {
  rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
}

const checks = Object.values(results).flatMap((r) => r.checks);
const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverageAtStart: Math.round(loadBefore * 10) / 10,
  loadAverageAtEnd: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  sectionLoads,
};
const measuredAt = new Date().toISOString();
writeFileSync(
  join(outDir, 'results.json'),
  `${JSON.stringify(
    {
      measuredAt,
      machine,
      smoke,
      hot,
      checks,
      sections: Object.fromEntries(Object.entries(results).map(([k, r]) => [k, r.data])),
    },
    null,
    2,
  )}\n`,
);
const markdown = [
  '# SAM benchmark results',
  '',
  `Measured ${measuredAt} on ${machine.cpus} × ${machine.cpu}, Node ${machine.node}; 1-minute load average ${machine.loadAverageAtStart} at the start and ${machine.loadAverageAtEnd} at the end (the machine is shared)${
    Object.keys(sectionLoads).length
      ? `; each section waited (up to 2.5 minutes) for the load to fall under half the cores, and started at ${Object.entries(
          sectionLoads,
        )
          .map(([name, load]) => `${load} (${name})`)
          .join(', ')}`
      : ''
  }${smoke ? ' (smoke run: tiny seed, short runs; not representative)' : ''}${hot ? ' (hot routes only)' : ''}. Reproduce with \`npm run bench\` (see docs/performance.md).`,
  '',
  '## Targets',
  '',
  checksTable(checks),
  '',
  ...Object.values(results).flatMap((r) => [`## ${r.title}`, '', r.markdown, '']),
].join('\n');
writeFileSync(join(outDir, 'results.md'), markdown);
console.log(`\n${checksTable(checks)}`);
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s; results in ${outDir}`);
if (failed.length) {
  console.error(`bench sections failed: ${failed.join(', ')}`);
  process.exit(1);
}
