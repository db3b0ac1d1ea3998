import { generateKeyPairSync } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig, type RateLimits } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { freshDatabase } from './freshDatabase.ts';

/**
 * A real server on a fresh real database: a new SQLite file, or a new PostgreSQL database on the server
 * named by TEST_DATABASE_URL (dropped again by close()), copied from the one the project's set-up migrated.
 */
export async function startTestApp(
  options: {
    rateLimits?: Partial<RateLimits>;
    webDist?: string;
    smtpUrl?: string;
    /** More settings, as the environment gives them (TRUST_PROXY=1, …). */
    env?: Record<string, string>;
    /** The server's logger (none unless given). */
    logger?: FastifyServerOptions['logger'];
  } = {},
) {
  const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-test', inject('migratedDatabase'));
  const base = loadConfig({
    DATABASE_URL: fresh.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: options.webDist ?? '/nonexistent-web-dist',
    ...options.env,
  });
  const config: Config = { ...base, rateLimits: { ...base.rateLimits, ...options.rateLimits } };
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const clock = { time: Date.now() };
  const silent = createMailer({ from: config.mailFrom, log: { info() {} } });
  const smtp =
    options.smtpUrl && createMailer({ smtpUrl: options.smtpUrl, from: config.mailFrom, log: { info() {} } });
  const { app, deps, declaredRoutes } = await buildApp({
    config,
    database,
    mailer: smtp || silent,
    now: () => clock.time,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    deps,
    declaredRoutes,
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

/** Two wrappings of a data key as a browser sends them (any base64 of the right size). */
export const WRAPPED_KEY = 'd3JhcHBlZC1kYXRhLWtleS1ieS1rZWstNDAtYnl0ZXMtbG9uZy1hYmM=';
export const RECOVERY_WRAPPED_KEY = 'd3JhcHBlZC1kYXRhLWtleS1ieS1yZWNvdmVyeS1jb2RlLTQwLWJ5dGU=';

/** A key record body for `POST /api/user/keys`, mode 'create' unless overridden. */
export const keyRecordBody = (userId: string, overrides: Record<string, unknown> = {}) => ({
  userId,
  encryptedKey: WRAPPED_KEY,
  recoveryEncryptedKey: RECOVERY_WRAPPED_KEY,
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsed: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

/**
 * A POST, answered once the mail it queued (if any) has been handled, so a test reads codes from the
 * mailbox the way a person reads them from their inbox a moment later.
 */
export async function post(t: TestApp, url: string, payload: unknown, token?: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await t.deps.outbox.deliverDue();
  return reply;
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

/** The key-derivation parameters a new account for `email` must use: what prelogin answers for it. */
export async function newAccountKdf(t: TestApp, email: string) {
  const { salt, iterations } = (await post(t, '/api/auth/prelogin', { email })).json();
  return { salt, iterations } as typeof KDF;
}

export async function signUp(t: TestApp, email: string, name = 'Sam') {
  const kdf = await newAccountKdf(t, email);
  const res = await post(t, '/api/auth/signup', { email, password: AUTH_VALUE, name, kdf });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
}

/** Signs up and confirms; returns the session token. */
export async function newUser(t: TestApp, email: string, name = 'Sam'): Promise<string> {
  await signUp(t, email, name);
  const res = await post(t, '/api/auth/confirm', { email, code: lastCode(t, email) });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.body}`);
  return res.json().token;
}

/** A real server with two confirmed accounts, alice@example.com and bob@example.com, and their session tokens. */
export async function startWithAliceAndBob() {
  const t = await startTestApp();
  const alice = await newUser(t, 'alice@example.com', 'Alice');
  const bob = await newUser(t, 'bob@example.com', 'Bob');
  return { t, alice, bob };
}

/** The id of the account with that e-mail address. */
export async function userIdOf(t: TestApp, email: string): Promise<string> {
  return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
}

const p256Keys = new Map<string, string>();
/**
 * A real P-256 public key (base64 of its 65-byte point), the same for the same label within a run: the server
 * refuses 65 bytes that are not a point on the curve.
 */
export function p256PublicKey(label: string): string {
  let key = p256Keys.get(label);
  if (!key) {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    key = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65).toString('base64');
    p256Keys.set(label, key);
  }
  return key;
}

/** Stands for real AES-GCM output: base64 of at least 40 characters. */
export const sealed = (label: string) =>
  Buffer.from(`iv+ciphertext+tag: ${label}`.padEnd(40, '.')).toString('base64');

/** A confirmed, active account's row as earlier schemas have it too, for tests that write users directly. */
export function testUserRow(id: string, email = `${id}@example.com`) {
  const now = Date.now();
  return {
    id,
    email,
    name: id,
    role: 'user' as const,
    password_hash: 'x',
    kdf_salt: 'c2FsdHNhbHRzYWx0c2FsdA==',
    kdf_iterations: 600_000,
    email_verified: 1,
    status: 'active' as const,
    created_at: now,
    updated_at: now,
    last_login_at: null,
    deactivated_at: null,
    deactivation_reason: null,
  };
}

export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Makes every send fail, as an SMTP server that is down does, until the returned function is called. */
export function mailServerDown(t: TestApp): () => void {
  const mailer = t.deps.mailer as { send: (typeof t.deps.mailer)['send'] };
  const working = mailer.send;
  mailer.send = async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
  };
  return () => {
    mailer.send = working;
  };
}
