import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { freePort } from '../apps/server/test/freePort.ts';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { ensureServerBuild, serverEntry } from '../scripts/serverBuild.mjs';

export const root = new URL('..', import.meta.url).pathname;

export type Child = { url: string; logFile: string; log(): string; stop(): Promise<void> };

async function waitUntilUp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url} within 60 s`);
}

/**
 * Runs a Node entry as its own process (a TypeScript one through tsx), its output going to a log file rather
 * than through this process, and waits until `healthPath` answers.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  logDir: string,
  healthPath: string,
  nodeArgs: string[] = [],
): Promise<Child> {
  const port = await freePort();
  const logFile = join(logDir, `${entry.replaceAll('/', '_')}-${port}.log`);
  const fd = openSync(logFile, 'w');
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}${healthPath}`, child, logFile);
  return {
    url,
    logFile,
    log: () => readFileSync(logFile, 'utf8'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * SAM's own server, the file `npm start` runs (built from apps/server/src), on the given database, configured
 * as in production (NODE_ENV=production, which leaves out development-only checks, and so a SERVER_SECRET).
 * With `cpuProfileDir`, it runs under `node --cpu-prof` and writes its profile there when it stops (it exits
 * on SIGTERM, so the profile is kept).
 */
export function startSam(
  databaseUrl: string,
  logDir: string,
  env: Record<string, string> = {},
  cpuProfileDir?: string,
) {
  ensureServerBuild();
  return startProcess(
    relative(root, serverEntry),
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SERVER_SECRET: randomBytes(48).toString('base64'),
      ...env,
    },
    logDir,
    '/api/health',
    cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
  );
}

/** The baseline: a bare Fastify route returning {hello:'world'} (bench/baseline.ts). */
export function startBaseline(logDir: string) {
  return startProcess('bench/baseline.ts', {}, logDir, '/');
}

/** The step save's ceiling (bench/stepSaveCeiling.ts) on SAM's SQLite database, while SAM is idle. */
export function startStepSaveCeiling(databaseUrl: string, logDir: string) {
  return startProcess('bench/stepSaveCeiling.ts', { DATABASE_URL: databaseUrl }, logDir, '/');
}

/** The system Chromium (CHROME_PATH, else the usual paths); the benchmark never downloads a browser. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH.');
  return found;
}
