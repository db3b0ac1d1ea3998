import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { AUTH_VALUE } from './helpers.ts';
import { startMailReceiver } from './mailReceiver.ts';
import { type ChildServer, prepareUser, startChildServer } from './soak/childServer.ts';
import { haproxyBinary, startHaproxy } from './soak/haproxy.ts';
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from './soak/privatePostgres.ts';
import { missingWrites, startWriteLoad } from './soak/writeLoad.ts';

/**
 * Several instances (`npm run soak`): two real servers on one PostgreSQL behind a real HAProxy on loopback,
 * as docs/operating.md, "Running several instances", sets them up. A session made on one works on the other, rate
 * limits count across both, each queued mail is sent once, the housekeeping sweep runs on one instance per
 * period, and a rolling restart of both under write load loses no acknowledged write.
 */

const EMAIL = 'instances@example.com';
const PER_IP = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pgBin = postgresBinaries();
const haproxy = haproxyBinary();
let cluster: PrivatePostgres | undefined;
let mail: Awaited<ReturnType<typeof startMailReceiver>> | undefined;
let lb: Awaited<ReturnType<typeof startHaproxy>> | undefined;
const servers: ChildServer[] = [];
let env: Record<string, string> = {};
let token = '';

if (!pgBin || !haproxy) console.warn('instances soak skipped: it needs PostgreSQL binaries and haproxy');

/** Waits until HAProxy sends requests to the named instance again (its health check saw it up). */
async function servedBy(name: string, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (res?.headers.get('x-sam-instance') === name) return;
    await sleep(50);
  }
  throw new Error(`HAProxy never sent a request to ${name}`);
}

describe.skipIf(!pgBin || !haproxy)('several instances on one PostgreSQL behind HAProxy', () => {
  beforeAll(async () => {
    cluster = await startPrivatePostgres(pgBin as string);
    mail = await startMailReceiver();
    token = await prepareUser(cluster.url, EMAIL);
    env = {
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
      SMTP_URL: mail.url,
      SWEEP_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    servers.push(await startChildServer(cluster.url, { env }), await startChildServer(cluster.url, { env }));
    lb = await startHaproxy(
      haproxy as string,
      servers.map((s) => s.port),
    );
  }, 120_000);

  afterAll(async () => {
    await lb?.stop();
    for (const server of servers) await server.kill('SIGKILL');
    await mail?.close();
    await cluster?.destroy();
  });

  it('a session made on one instance works on the other, and ends on both', async () => {
    const [a, b] = servers as [ChildServer, ChildServer];
    const login = await fetch(`${a.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: AUTH_VALUE }),
    });
    expect(login.status).toBe(200);
    const { token: session } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${session}` };
    const who = await fetch(`${b.baseUrl}/api/whoami`, { headers: auth });
    expect(who.status).toBe(200);
    expect(((await who.json()) as { email: string }).email).toBe(EMAIL);
    expect((await fetch(`${b.baseUrl}/api/auth/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    expect((await fetch(`${a.baseUrl}/api/whoami`, { headers: auth })).status).toBe(401);
  });

  it('rate limits count across both instances', async () => {
    const statuses: number[] = [];
    const instances = new Set<string>();
    for (let i = 0; i < PER_IP + 5; i++) {
      // A route nothing else here uses, each time for another address (a second limit counts per address).
      const res = await fetch(`${lb?.baseUrl}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: `nobody-${i}@example.com` }),
      });
      statuses.push(res.status);
      instances.add(res.headers.get('x-sam-instance') ?? '');
    }
    // Both instances answered, and a forwarded address the client made up did not open a fresh bucket.
    expect(instances).toEqual(new Set(['instance1', 'instance2']));
    expect(statuses.filter((s) => s !== 429)).toHaveLength(PER_IP);
    expect(statuses.slice(PER_IP)).toEqual([429, 429, 429, 429, 429]);
  });

  it('sends each queued mail once, whichever instance queued it', async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `new-${i}@example.com`);
    for (const email of addresses) {
      const prelogin = await fetch(`${lb?.baseUrl}/api/auth/prelogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const { salt, iterations } = (await prelogin.json()) as { salt: string; iterations: number };
      const signup = await fetch(`${lb?.baseUrl}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: AUTH_VALUE, name: 'New', kdf: { salt, iterations } }),
      });
      expect(signup.status).toBe(200);
    }
    const deadline = Date.now() + 20_000;
    const toThem = () => (mail?.received ?? []).filter((m) => addresses.includes(m.to));
    while (toThem().length < addresses.length && Date.now() < deadline) await sleep(100);
    // Both workers keep polling: a second copy would arrive within a few more polls.
    await sleep(3_000);
    expect(
      toThem()
        .map((m) => m.to)
        .sort(),
    ).toEqual(addresses.sort());
  });

  it('runs the housekeeping sweep on one instance per period', async () => {
    const who = await fetch(`${lb?.baseUrl}/api/whoami`, { headers: { authorization: `Bearer ${token}` } });
    const { id } = (await who.json()) as { id: string };
    const database = openDatabase((cluster as PrivatePostgres).url);
    const since = Date.now();
    try {
      for (let i = 0; i < 5; i++) {
        await database.db
          .insertInto('share_documents')
          .values({
            id: `expiredDocument0000000${i}`,
            user_id: id,
            share_name: 'Expired',
            document_type: '12-step-status',
            html_content: 'c2VhbGVk',
            owner_key: 'c2VhbGVk',
            created_at: since - 2,
            expires_at: since - 1,
          })
          .execute();
      }
      const left = async () =>
        Number(
          (
            await database.db
              .selectFrom('share_documents')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      while ((await left()) > 0 && Date.now() < since + 10_000) await sleep(100);
      expect(await left()).toBe(0);
    } finally {
      await database.close();
    }
    await sleep(4_000);
    const until = Date.now();
    const runs = servers
      .flatMap((s) => s.log.join('').split('\n'))
      .filter((line) => line.includes('"sweep ran"'))
      .map((line) => JSON.parse(line) as { time: number; removedShareDocuments: number })
      .filter((run) => run.time >= since && run.time <= until);
    expect(runs.reduce((sum, run) => sum + run.removedShareDocuments, 0)).toBe(5);
    // Each instance ticks every second; with the lease one sweep runs per period, not one per instance.
    expect(runs.length).toBeLessThanOrEqual(Math.floor((until - since) / 900) + 1);
    expect(runs.length).toBeGreaterThan(0);
  });

  it('loses no acknowledged write while each instance in turn is restarted under write load', async () => {
    const base = (lb as { baseUrl: string }).baseUrl;
    const load = startWriteLoad({ baseUrl: () => base, token, loops: 3, timeoutMs: 10_000 });
    for (const [index, name] of [
      [0, 'instance1'],
      [1, 'instance2'],
    ] as const) {
      await sleep(1_500);
      const old = servers[index] as ChildServer;
      await old.kill('SIGTERM');
      expect(old.child.exitCode).toBe(0);
      servers[index] = await startChildServer((cluster as PrivatePostgres).url, { port: old.port, env });
      await servedBy(name, base);
    }
    await sleep(1_500);
    await load.stop();
    const acknowledged = load.outcomes.filter((o) => o.status === 200).length;
    const failed = load.outcomes.filter((o) => o.status !== 200);
    console.log(
      `instances soak: ${acknowledged} acknowledged writes, ${failed.length} not acknowledged during the restarts`,
    );
    expect(acknowledged).toBeGreaterThan(30);
    expect(await missingWrites(base, token, load)).toEqual([]);
  });
});
