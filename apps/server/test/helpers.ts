import { buildApp } from '../src/app.ts';
import { type Config, loadConfig, type RateLimits } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { freshDatabase } from './freshDatabase.ts';

/**
 * A real server on a fresh real database: a new SQLite file, or a new PostgreSQL database on the server
 * named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function startTestApp(options: { rateLimits?: Partial<RateLimits>; webDist?: string } = {}) {
  const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-test');
  const base = loadConfig({
    DATABASE_URL: fresh.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: options.webDist ?? '/nonexistent-web-dist',
  });
  const config: Config = { ...base, rateLimits: { ...base.rateLimits, ...options.rateLimits } };
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const clock = { time: Date.now() };
  const silent = createMailer({ from: config.mailFrom, log: { info() {} } });
  const { app, deps } = await buildApp({
    config,
    database,
    mailer: silent,
    now: () => clock.time,
    logger: false,
  });
  await app.ready();
  return {
    app,
    deps,
    db: database.db,
    databaseUrl: config.databaseUrl,
    mailbox: silent.devMailbox,
    advance(ms: number) {
      clock.time += ms;
    },
    async close() {
      await app.close();
      // A test may already have closed the database to simulate an outage.
      await database.close().catch(() => undefined);
      await fresh.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export const KDF = { salt: 'c2FtLXRlc3Qtc2FsdC0xMg==', iterations: 600_000 };
export const AUTH_VALUE = 'YXV0aC12YWx1ZS1mb3ItdGVzdHMtb25seS0xMjM0NTY=';

export function post(t: TestApp, url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The code in the newest mail to an address (it is in the subject line too). */
export function lastCode(t: TestApp, email: string): string {
  const mail = [...t.mailbox].reverse().find((m) => m.to === email);
  const code = mail?.subject.match(/(\d{6})$/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function signUp(t: TestApp, email: string, name = 'Sam') {
  const res = await post(t, '/api/auth/signup', { email, password: AUTH_VALUE, name, kdf: KDF });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
}

/** Signs up and confirms; returns the session token. */
export async function newUser(t: TestApp, email: string, name = 'Sam'): Promise<string> {
  await signUp(t, email, name);
  const res = await post(t, '/api/auth/confirm', { email, code: lastCode(t, email) });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.body}`);
  return res.json().token;
}

export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
