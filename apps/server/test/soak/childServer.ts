import { type ChildProcess, spawn } from 'node:child_process';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/index.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { freePort } from '../freePort.ts';
import { AUTH_VALUE } from '../helpers.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** Migrates the database and signs a confirmed user up in-process; the session works for any server on it. */
export async function prepareUser(databaseUrl: string, email: string): Promise<string> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
  });
  const database = openDatabase(databaseUrl);
  await migrateToLatest(database);
  const mailer = createMailer({ from: config.mailFrom, log: { info() {} } });
  const { app, deps } = await buildApp({ config, database, mailer, logger: false });
  try {
    const prelogin = await app.inject({ method: 'POST', url: '/api/auth/prelogin', payload: { email } });
    const { salt, iterations } = prelogin.json();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: AUTH_VALUE, name: 'Load', kdf: { salt, iterations } },
    });
    if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
    await deps.outbox.deliverDue();
    const code = mailer.devMailbox.at(-1)?.subject.match(/(\d{6})$/)?.[1];
    const confirm = await app.inject({ method: 'POST', url: '/api/auth/confirm', payload: { email, code } });
    if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
    return confirm.json().token;
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The real server (the entry point of npm start) as a child process on the given database; `port` starts
 * it again where it listened before, `env` adds or overrides settings.
 */
export async function startChildServer(
  databaseUrl: string,
  options: { port?: number; env?: Record<string, string> } = {},
) {
  const port = options.port ?? (await freePort());
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', `${root}apps/server/src/main.ts`], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      WEB_DIST: '/nonexistent-web-dist',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    port,
    baseUrl,
    log,
    child,
    /** Resolves with the exit code (null when killed by a signal). */
    exited,
    async kill(signal: NodeJS.Signals) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export type ChildServer = Awaited<ReturnType<typeof startChildServer>>;
