// npm test: types and lint, unit tests, server integration tests (SQLite; PostgreSQL too when
// TEST_DATABASE_URL is set) and the browser end-to-end tests against the built app and a real server.
// The PostgreSQL run goes alongside the browser tests: one waits mostly on PostgreSQL, the other on
// Chromium, so together they take little longer than the browser tests alone. The server suite on SQLite
// goes alongside the unit tests: on two cores vitest gives each run one worker, so together they use both.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { root } from './buildOutput.mjs';
import { findChromium } from './findChromium.mjs';
import { ensureWebBuild } from './webBuild.mjs';

const reports = mkdtempSync(join(tmpdir(), 'sam-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test as `run › file › name: first line of its error`, printed again after the totals. */
const failures = [];
/** The tests that passed only when run again (the browser tests' `retry`), printed the same way. */
const flaky = [];
/** How long each run took, printed at the end: CI has a time budget, and this shows where it goes. */
const durations = [];
const started = Date.now();
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.floor((ms % 60_000) / 1000)} s`;
const timed = (label, since, until = Date.now()) => durations.push(`${label} ${minutes(until - since)}`);

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const since = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timed(label, since);
  return result.status === 0;
}

const reportFile = (label, ending) => join(reports, `${label.replace(/\W+/g, '-')}${ending}`);
const reportOf = (label) => reportFile(label, '.json');
const flakyReportOf = (label) => reportFile(label, '.flaky.json');
const vitestArgs = (label, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportOf(label)}`,
  '--reporter=./scripts/flakyTestsReporter.mjs',
];
const reporterEnv = (label) => ({ SAM_FLAKY_REPORT: flakyReportOf(label) });

function vitest(label, projects, env = {}) {
  return counted(label, run(label, 'npx', vitestArgs(label, projects), { ...reporterEnv(label), ...env }));
}

/**
 * Starts a vitest run in the background, its output kept in a file; resolves with its result once printed
 * (under a heading that names the run it went `alongside`).
 */
function vitestInBackground(label, projects, alongside, env = {}) {
  const log = reportFile(label, '.log');
  const out = openSync(log, 'w');
  const since = Date.now();
  const child = spawn('npx', vitestArgs(label, projects), {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...reporterEnv(label), ...env },
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      // The run it went beside blocks this loop (spawnSync), so 'exit' may come late: the log's last write
      // is when it ended.
      timed(`${label} (alongside ${alongside})`, since, statSync(log).mtimeMs);
      console.log(`\n=== ${label} (ran alongside ${alongside}) ===`);
      process.stdout.write(readFileSync(log, 'utf8'));
      resolve(counted(label, code === 0));
    });
  });
}

/** Adds a finished run's counts to the totals. */
function counted(label, ok) {
  const report = reportOf(label);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    failures.push(...failedTests(label, json));
    flaky.push(...flakyTests(label));
  } catch {
    totals.failed += 1;
    failures.push(`${label}: no report (the run stopped before it wrote one)`);
  }
  return ok;
}

/** The failed tests of a vitest JSON report, a line each; a file that failed to load counts as one. */
function failedTests(label, json) {
  return json.testResults.flatMap((file) => {
    const path = relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [`${label} › ${path}: ${firstLine(file.message)}`];
    return failed.map(
      (test) => `${label} › ${path} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`,
    );
  });
}

function flakyTests(label) {
  try {
    const tests = JSON.parse(readFileSync(flakyReportOf(label), 'utf8'));
    return tests.map((test) => `${label} › ${relative(root, test.file)} › ${test.name}: ${test.error}`);
  } catch {
    return [];
  }
}

const firstLine = (text = '') => text.trim().split('\n')[0].slice(0, 300);

let ok = run('types and lint', 'npm', ['run', 'check']);
const sqlite = vitestInBackground('server on SQLite', ['server'], 'the unit tests', {
  TEST_DATABASE_URL: '',
});
ok = vitest('unit', ['core', 'crypto', 'web']) && ok;
ok = (await sqlite) && ok;
const chromium = findChromium();
const buildStarted = Date.now();
ensureWebBuild();
timed('web build', buildStarted);
const postgres = process.env.TEST_DATABASE_URL
  ? vitestInBackground('server on PostgreSQL', ['server'], 'the browser tests')
  : Promise.resolve(true);
ok = vitest('browser end-to-end', ['e2e'], { CHROME_PATH: chromium }) && ok;
ok = (await postgres) && ok;
// The benchmark end to end on a tiny seed: figures printed, never asserted.
ok = run('benchmark smoke', 'npm', ['run', 'bench:smoke'], { CHROME_PATH: chromium }) && ok;

// The last lines of a long log are often all a reader of CI sees, so the failures come after the totals.
console.log(`\ntook: ${durations.join(', ')}; in all ${minutes(Date.now() - started)}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const failure of failures) console.log(`failed: ${failure}`);
for (const test of flaky) console.log(`passed on its second try: ${test}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
