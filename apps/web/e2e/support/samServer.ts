import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { serverEntry } from '../../../../scripts/serverBuild.mjs';
import { freePort } from '../../../server/test/freePort.ts';

const root = new URL('../../../../', import.meta.url).pathname;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SQLite database every server here starts as a copy of (migrated once by the global set-up). */
    migratedSqliteFile: string;
  }
}

/** The server's LOG_LEVEL values (apps/server/src/config.ts). */
export type ServerLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The real server (the same built file as npm start runs) on a fresh SQLite file, serving the built app. The
 * file starts as a copy of one the global set-up migrated, so the server has no migration left to run. It logs
 * at `warn` unless `logLevel` asks for more (everything it writes to stdout and stderr lands in `log`).
 */
export async function startSamServer(options: { smtpUrl: string; logLevel?: ServerLogLevel }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sam-e2e-'));
  const databaseFile = join(dataDir, 'sam.db');
  copyFileSync(inject('migratedSqliteFile'), databaseFile);
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${databaseFile}`,
      SMTP_URL: options.smtpUrl,
      LOG_LEVEL: options.logLevel ?? 'warn',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const baseUrl = `http://localhost:${port}`;

  // A start takes 1-2 s on an idle machine, and many times that on a busy two-core one.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`SAM server exited early:\n${log.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`SAM server did not start:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    /** The data directory: the SQLite file and its journal or WAL files. */
    dataDir,
    /** The server's SQLite file (see serverDatabase.ts to read or change it). */
    databaseFile,
    log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SamServer = Awaited<ReturnType<typeof startSamServer>>;
