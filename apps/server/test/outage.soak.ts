import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../src/http/databaseUnavailable.ts';
import { type ChildServer, prepareUser, startChildServer } from './soak/childServer.ts';
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from './soak/privatePostgres.ts';
import { missingWrites, type Outcome, startWriteLoad } from './soak/writeLoad.ts';

/**
 * Database outage (`npm run soak`): the real server runs on a private PostgreSQL cluster under a
 * steady write load; PostgreSQL is stopped for a few seconds and started again. While it is down every
 * write is answered at once with a readable 503 (never a hang, never a crash); once it is back writes
 * succeed again, and every write acknowledged with a 2xx, before or after, is there.
 */

const BEFORE_MS = 2_000;
const DOWN_MS = 4_000;
const AFTER_MS = 2_000;
/** Longest a reply may take: well under it means the server never hangs on the missing database. */
const SLOWEST_MS = 10_000;
const RECOVERY_MS = 15_000;

const bin = postgresBinaries();
let cluster: PrivatePostgres | undefined;
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await cluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (s: ChildServer) => s.child.exitCode === null && s.child.signalCode === null;

if (!bin) console.warn('outage soak skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin');

describe.skipIf(!bin)('PostgreSQL outage under write load', () => {
  it('answers 503 while the database is down, recovers after, and loses no acknowledged write', async () => {
    cluster = await startPrivatePostgres(bin as string);
    const token = await prepareUser(cluster.url, 'outage@example.com');
    server = await startChildServer(cluster.url);
    const running = server;
    const load = startWriteLoad({
      baseUrl: () => running.baseUrl,
      token,
      loops: 3,
      timeoutMs: 2 * SLOWEST_MS,
    });

    await sleep(BEFORE_MS);
    const stopping = Date.now();
    await cluster.stop();
    const down = Date.now();
    expect(alive(running), running.log.join('')).toBe(true);
    await sleep(DOWN_MS);
    expect(alive(running), running.log.join('')).toBe(true);
    const starting = Date.now();
    await cluster.start();
    const up = Date.now();

    // Writes succeed again soon after PostgreSQL is back.
    let recovered: Outcome | undefined;
    while (!recovered && Date.now() - up < RECOVERY_MS) {
      await sleep(100);
      recovered = load.outcomes.find((o) => o.at >= up && o.status === 200);
    }
    expect(recovered, `no write succeeded within ${RECOVERY_MS} ms of the restart`).toBeDefined();
    await sleep(AFTER_MS);
    await load.stop();
    expect(alive(running), running.log.join('')).toBe(true);

    const ok = load.outcomes.filter((o) => typeof o.status === 'number' && o.status >= 200 && o.status < 300);
    const unavailable = load.outcomes.filter((o) => o.status === 503);
    const other = load.outcomes.filter((o) => !ok.includes(o) && !unavailable.includes(o));
    const slowest = Math.max(...load.outcomes.map((o) => o.ms));
    const afterRestart = load.outcomes.filter((o) => o.at >= up);
    console.log(
      `outage soak: PostgreSQL down ${((starting - stopping) / 1000).toFixed(1)} s; ${load.outcomes.length} writes: ` +
        `${ok.length} × 2xx, ${unavailable.length} × 503, ${other.length} other; slowest reply ${slowest} ms; ` +
        `first write acknowledged ${(recovered as Outcome).at - up} ms after PostgreSQL was ready again ` +
        `(stop took ${down - stopping} ms, start ${up - starting} ms)`,
    );

    // Never a 500, a dropped connection or a timeout: 2xx, or a readable 503 the client may retry.
    expect(other.map(({ status, detail }) => ({ status, detail }))).toEqual([]);
    expect(unavailable.length, 'the outage was noticed').toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o).toMatchObject({
        detail: DATABASE_UNAVAILABLE,
        code: 'database_unavailable',
        retryAfter: '5',
      });
    }
    // While PostgreSQL was down nothing was acknowledged; every reply came quickly.
    expect(load.outcomes.filter((o) => o.at >= down && o.at + o.ms <= starting && o.status !== 503)).toEqual(
      [],
    );
    expect(slowest).toBeLessThan(SLOWEST_MS);
    // Serves normally after the restart: once a write succeeded, no later one failed.
    const afterRecovery = afterRestart.filter((o) => o.at > (recovered as Outcome).at + 1_000);
    expect(afterRecovery.length).toBeGreaterThan(10);
    expect(afterRecovery.filter((o) => o.status !== 200)).toEqual([]);

    expect(await missingWrites(running.baseUrl, token, load)).toEqual([]);
    expect(alive(running), running.log.join('')).toBe(true);
  }, 180_000);
});
