import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { type SelectQueryBuilder, sql } from 'kysely';
import { type Database, migrateToLatest, openDatabase } from '../apps/server/src/db/index.ts';
import { hashToken } from '../apps/server/src/features/auth/secrets.ts';
import { freshDatabase } from '../apps/server/test/freshDatabase.ts';
import { encryptLikeTheApp, filledStep, inventoryPlaintext } from './payloads.ts';
import { type Child, startBaseline, startSam, startStepSaveCeiling } from './processes.ts';
import {
  type BenchOptions,
  type BenchRoute,
  type Check,
  round,
  type SectionResult,
  table,
} from './report.ts';
import { seed } from './seed.ts';
import {
  checkInPlaintext,
  circlesPlaintext,
  dayBefore,
  READER_CHECK_INS,
  READER_CIRCLES_VERSIONS,
  seedCirclesAndCheckIns,
  seedSponsorSpace,
} from './seedRecoveryTools.ts';

type Engine = BenchOptions['engines'][number];
type CountedTable = 'step_progress' | 'inventories' | 'circles_versions' | 'check_ins';
/** What a write run's 2xx replies are checked against: the rows it added to a table, or the steps it saved again. */
type Written = { added: CountedTable } | 'steps saved again';
/** Days of check-ins each writer saves in the check-in run (today and the days before). */
const CHECK_IN_DAYS = 30;
/** Another person's step saves during a read of people's progress: a busy evening's pace. */
const SAVES_PER_SECOND = 20;
type Run = {
  engine: string;
  connections: number;
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratio: number;
  /** The baseline's req/s the ratio is taken against (see `baselineBeside`). */
  baselineRequestsPerSecond: number;
  ok: number;
  failed: number;
  /** For write routes: rows added or changed, which must equal `ok`. */
  rowsWritten?: number;
};

const INVENTORY_TYPES = ['resentments', 'fears', 'harms'] as const;
/**
 * Before a route is measured, it is called without measuring: for a second (reads) or a quarter as many
 * times as the measured run (writes), so the run sees the server's optimised code, as a server that has
 * been up for a while runs it. A fixed-count write run lasts only a few seconds; measured cold, it counted
 * the JIT compiling the route's code.
 */
const WARM_UP_SECONDS = 1;
const warmUpWrites = (amount: number) => Math.ceil(amount / 4);

/** A step's first save adds its row; the save people make most, the autosave, rewrites it. */
const STEP_FIRST_SAVE = 'POST /api/progress/step (filled step, encrypted)';
const STEP_SAVED_AGAIN =
  'POST /api/progress/step again (filled step, encrypted: an autosave of a saved step)';
/** The first save's ceiling on SQLite: its statement alone behind a bare route (bench/stepSaveCeiling.ts). */
const STEP_SAVE_CEILING =
  "ceiling: bare Fastify storing a step save's body with SAM's database layer alone (no session, checks or log)";
/**
 * The hot routes' targets on SQLite at 64 connections: a share of the baseline's req/s, and for the step
 * saves a p99 under `p99Ms` as well.
 */
const HOT_ROUTE_TARGETS: Array<{ routePrefix: string; what: string; share: number; p99Ms?: number }> = [
  { routePrefix: 'GET /api/whoami', what: 'GET /api/whoami', share: 0.4 },
  { routePrefix: STEP_FIRST_SAVE, what: 'Step save', share: 0.15, p99Ms: 50 },
  { routePrefix: STEP_SAVED_AGAIN, what: 'Step saved again (an autosave)', share: 0.15, p99Ms: 50 },
  { routePrefix: 'GET /api/progress', what: 'GET /api/progress (12 filled steps)', share: 0.1 },
];
/** The target a run of a route is held to, if any: only on SQLite at 64 connections. */
const targetOf = (run: Pick<Run, 'engine' | 'connections' | 'route'>) =>
  run.engine === 'sqlite' && run.connections === 64
    ? HOT_ROUTE_TARGETS.find(({ routePrefix }) => run.route.startsWith(routePrefix))
    : undefined;
const json = { 'content-type': 'application/json' };

async function cannon(
  url: string,
  connections: number,
  limit: { duration: number } | { amount: number },
  request: autocannon.Request,
  overallRate?: number,
) {
  const result = await autocannon({
    url,
    // autocannon refuses more connections than requests.
    connections: 'amount' in limit ? Math.min(connections, limit.amount) : connections,
    pipelining: 1,
    // Long enough that no write is given up on while the server still commits it.
    timeout: 60,
    // A fixed-count run ends at the first sample after its last reply: at the default of a sample a second,
    // a 4.2 s run would count as 5 s.
    sampleInt: 100,
    ...limit,
    ...(overallRate === undefined ? {} : { overallRate }),
    requests: [request],
  });
  return {
    // Total over elapsed time: a fixed-count write run may end mid-second.
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Accounts that write during the run: real users rows with sessions, no step rows or inventories yet. */
async function seedWriters(db: ReturnType<typeof openDatabase>['db'], count: number, name = 'writer') {
  const now = Date.now();
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const users = [];
    const sessions = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const id = randomUUID();
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      ids.push(id);
      users.push({
        id,
        email: `${name}${i}@bench.example`,
        name: `${name} ${i}`,
        role: 'user' as const,
        password_hash: 'unused',
        kdf_salt: 'c2VlZC1zYWx0LTE2LWJ5dGVz',
        kdf_iterations: 600_000,
        email_verified: 1,
        status: 'active' as const,
        created_at: now,
        updated_at: now,
        last_login_at: now,
        deactivated_at: null,
        deactivation_reason: null,
      });
      sessions.push({
        token_hash: hashToken(token),
        user_id: id,
        created_at: now,
        expires_at: now + 86_400_000,
        revoked_at: null,
        public_id: `bench-${id}`,
        device: 'Bench',
        last_used_at: now,
      });
    }
    await db.insertInto('users').values(users).execute();
    await db.insertInto('sessions').values(sessions).execute();
  }
  return { tokens, ids };
}

/** The real sign-up: POST /api/auth/signup, the code from the server's development mail log, confirm. */
async function signUp(sam: Child, email: string, password: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${sam.url}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const { salt, iterations } = (await (await post('/api/auth/prelogin', { email })).json()) as {
    salt: string;
    iterations: number;
  };
  const kdf = { salt, iterations };
  const signup = await post('/api/auth/signup', { email, password, name: 'Bench', kdf });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const mail = sam.log().split(`development mail to ${email}`)[1];
    code = mail?.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!code) throw new Error('no confirmation code in the server log');
  const confirm = await post('/api/auth/confirm', { email, code });
  if (!confirm.ok) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  return ((await confirm.json()) as { token: string }).token;
}

async function benchEngine(engine: Engine, options: BenchOptions): Promise<Run[]> {
  const fresh = await freshDatabase(engine.server, 'sam-bench-http');
  const database = openDatabase(fresh.url);
  const runs: Run[] = [];
  let sam: Child | undefined;
  let baseline: Child | undefined;
  try {
    await migrateToLatest(database);
    const { db } = database;
    await seed(db, options.smoke ? 300 : 10_000);
    // Write runs use every (account, step) and (account, inventory) pair at most once, so each 2xx is a new row.
    const stepWrites = options.connections.map((c) => (options.smoke ? 120 : c === 1 ? 1_200 : 12_000));
    const inventoryWrites = options.connections.map((c) => (options.smoke ? 60 : c === 1 ? 300 : 3_000));
    // Each circles save is a person's first (based on no earlier version); check-ins take a month per person.
    const circlesWrites = options.connections.map((c) => (options.smoke ? 20 : c === 1 ? 100 : 1_000));
    const checkInWrites = options.connections.map((c) => (options.smoke ? 60 : c === 1 ? 300 : 3_000));
    const logins = options.connections.map((c) => (options.smoke ? 8 : c === 1 ? 20 : 200));
    // Each write run is preceded by a quarter as many unmeasured writes of its own (warmUpWrites).
    const sum = (list: number[]) => list.reduce((a, b) => a + b + warmUpWrites(b), 0);
    const { tokens: writers } = await seedWriters(
      db,
      Math.max(
        Math.ceil(sum(stepWrites) / 12),
        Math.ceil(sum(inventoryWrites) / 3),
        sum(circlesWrites),
        Math.ceil(sum(checkInWrites) / CHECK_IN_DAYS),
        // autocannon may prepare a request per connection more than a fixed-count run sends.
      ) + 100,
    );
    // The ceiling's writers (SQLite only): people of their own, so its rows are never SAM's to read.
    const ceilingWriters =
      engine.engine === 'sqlite'
        ? (await seedWriters(db, Math.ceil(sum(stepWrites) / 12) + 100, 'ceiling')).ids
        : [];
    // Readers of the recovery tools: one with a year of check-ins and circles, a sponsor and a sponsee.
    const readers = await seedWriters(db, 3, 'reader');
    const [reader, sponsee, sponsor] = readers.ids as [string, string, string];
    await seedCirclesAndCheckIns(db, reader);
    const relationshipId = await seedSponsorSpace(db, sponsee, sponsor);
    const [readerToken, , sponsorToken] = readers.tokens as [string, string, string];
    if (engine.engine === 'postgres') await sql`VACUUM ANALYZE`.execute(db);

    const stepBodies = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        JSON.stringify({
          program: 'SAA',
          track: '12-steps',
          step_number: i + 1,
          step_title: `Step ${i + 1}`,
          completed: false,
          data: {
            actions: [],
            encrypted: true,
            encryptedData: await encryptLikeTheApp(filledStep(i + 1), randomUUID(), `step-${i + 1}`),
          },
        }),
      ),
    );
    const inventoryBodies = await Promise.all(
      INVENTORY_TYPES.map(async (type) =>
        JSON.stringify({
          inventory_type: type,
          items: [],
          encrypted: true,
          entry_count: 200,
          encryptedData: await encryptLikeTheApp(inventoryPlaintext(200), randomUUID(), `inventory:${type}`),
        }),
      ),
    );

    baseline = await startBaseline(options.workDir);
    const baselineUrl = baseline.url;
    sam = await startSam(
      fresh.url,
      options.workDir,
      { AUTH_RATE_LIMIT_PER_IP: '1000000000' },
      options.cpuProfileDir,
    );
    const samUrl = sam.url;
    const email = 'login@bench.example';
    const password = randomBytes(32).toString('base64');
    const token = await signUp(sam, email, password);
    const auth = (t: string) => ({ ...json, authorization: `Bearer ${t}` });
    const countRows = async <T extends keyof Database>(rows: SelectQueryBuilder<Database, T, object>) =>
      Number((await rows.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const count = (table: CountedTable | 'sessions') => countRows(db.selectFrom(table));
    /** Step rows saved after `since` (the server stamps each save; the warm-up's replies all came before it). */
    const stepsSavedSince = (since: number) =>
      countRows(db.selectFrom('step_progress').where('updated_at', '>', since));
    const duration = { duration: options.durationSeconds };
    const wants = (route: BenchRoute) => options.routes.includes(route);

    const circlesBody = JSON.stringify({
      basedOn: null,
      ciphertext: await encryptLikeTheApp(circlesPlaintext(0), randomUUID(), 'three-circles'),
    });
    const checkInBody = JSON.stringify({
      ciphertext: await encryptLikeTheApp(checkInPlaintext(0), randomUUID(), 'check-in'),
    });
    const nextStep = { pair: 0 };
    const nextCeiling = { pair: 0 };
    const nextInventory = { pair: 0 };
    const nextCircles = { writer: 0 };
    const nextCheckIn = { pair: 0 };
    for (const [index, connections] of options.connections.entries()) {
      const add = (route: string, result: Awaited<ReturnType<typeof cannon>>, base: number, rows?: number) =>
        runs.push({
          engine: engine.engine,
          connections,
          route,
          ...result,
          ratio: round(result.requestsPerSecond / base, 2),
          baselineRequestsPerSecond: Math.round(base),
          ...(rows === undefined ? {} : { rowsWritten: rows }),
        });
      const runBaseline = () => cannon(baselineUrl, connections, duration, { method: 'GET', path: '/' });
      const base = await runBaseline();
      add("baseline: bare Fastify {hello:'world'}", base, base.requestsPerSecond);
      const rps = base.requestsPerSecond;
      /**
       * Measures a route, with the baseline's req/s to take its ratio against. A route whose ratio has a
       * target here gets a baseline of its own: the mean of a baseline run just before it and one just after,
       * since this shared machine's speed drifts during a bench by more than the gap to a target; so does the
       * step save's ceiling wherever the first save does, as the two are compared. Other runs use the
       * baseline measured first.
       */
      const baselineBeside = async <T>(route: string, measure: () => Promise<T>): Promise<[T, number]> => {
        const measuredAs = route === STEP_SAVE_CEILING ? STEP_FIRST_SAVE : route;
        if (!targetOf({ engine: engine.engine, connections, route: measuredAs }))
          return [await measure(), rps];
        const before = await runBaseline();
        const result = await measure();
        const after = await runBaseline();
        return [result, (before.requestsPerSecond + after.requestsPerSecond) / 2];
      };

      const read = async (route: string, path: string, token: string) => {
        const request = { method: 'GET', path, headers: auth(token) } as const;
        // The smoke run's figures mean nothing: its reads skip the warm-up, which would double their time.
        if (!options.smoke) await cannon(samUrl, connections, { duration: WARM_UP_SECONDS }, request);
        add(route, ...(await baselineBeside(route, () => cannon(samUrl, connections, duration, request))));
      };

      if (wants('whoami')) await read('GET /api/whoami', '/api/whoami', token);

      /**
       * A fixed number of writes after the warm-up's; `request` makes the n-th (each by a writer and body of
       * its own, so each 2xx adds or changes one row); the rows the measured writes added or changed are
       * reported beside their replies. Sent to SAM with the route's method unless `server` names another.
       */
      const writeRun = async (
        route: string,
        written: Written,
        amount: number,
        request: (n: number) => { path: string; headers: Record<string, string>; body: string },
        server = { url: samUrl, method: route.split(' ')[0] as autocannon.Request['method'] },
      ) => {
        let n = 0;
        const send = (limit: { amount: number }) =>
          cannon(server.url, connections, limit, {
            method: server.method,
            path: '/',
            setupRequest: (req: autocannon.Request) => ({ ...req, ...request(n++) }),
          });
        await send({ amount: warmUpWrites(amount) });
        const since = Date.now();
        const counted = () => (typeof written === 'object' ? count(written.added) : stepsSavedSince(since));
        const before = await counted();
        const [result, base] = await baselineBeside(route, () => send({ amount }));
        add(route, result, base, (await counted()) - before);
      };
      /**
       * The n-th of a run over (writer, body) pairs, continuing where the last run of the route ended; each
       * writer is named by `headersOf` (SAM's: their session).
       */
      const pairs =
        (
          bodies: string[],
          path: string,
          next: { pair: number },
          headersOf = (writer: number): Record<string, string> => auth(writers[writer] as string),
        ) =>
        () => {
          const pair = next.pair++;
          return {
            path,
            headers: headersOf(Math.floor(pair / bodies.length)),
            body: bodies[pair % bodies.length] as string,
          };
        };

      if (wants('step')) {
        // Fastify alone with the same 7 KB body (read, parsed, a constant answered): the body handling's cost.
        add(
          "baseline: bare Fastify POST of a step save's body",
          await cannon(baselineUrl, connections, duration, {
            method: 'POST',
            path: '/',
            headers: json,
            body: stepBodies[0],
          }),
          rps,
        );
        if (engine.engine === 'sqlite') {
          // The same first saves with nothing of SAM's request around the statement (decision 42).
          const ceiling = await startStepSaveCeiling(fresh.url, options.workDir);
          try {
            await writeRun(
              STEP_SAVE_CEILING,
              { added: 'step_progress' },
              stepWrites[index] as number,
              pairs(stepBodies, '/', nextCeiling, (writer) => ({
                ...json,
                'x-user-id': ceilingWriters[writer] as string,
              })),
              { url: ceiling.url, method: 'POST' },
            );
          } finally {
            await ceiling.stop();
          }
        }
        const firstPair = nextStep.pair;
        await writeRun(
          STEP_FIRST_SAVE,
          { added: 'step_progress' },
          stepWrites[index] as number,
          pairs(stepBodies, '/api/progress/step', nextStep),
        );
        // The save people make most: the autosave of a step already saved. The same people and steps again,
        // in the same order, warm-up included (each pair once in the measured run).
        await writeRun(
          STEP_SAVED_AGAIN,
          'steps saved again',
          stepWrites[index] as number,
          pairs(stepBodies, '/api/progress/step', { pair: firstPair }),
        );
      }

      if (wants('progress')) {
        // The first writer holds all twelve filled steps (saved here when the step run was left out).
        for (; nextStep.pair < stepBodies.length; nextStep.pair++) {
          const saved = await fetch(`${samUrl}/api/progress/step`, {
            method: 'POST',
            headers: auth(writers[0] as string),
            body: stepBodies[nextStep.pair],
          });
          if (!saved.ok) throw new Error(`step save: ${saved.status} ${await saved.text()}`);
        }
        await read('GET /api/progress (12 filled steps)', '/api/progress', writers[0] as string);
        // The same read, each request another person's in turn: more replies than the server keeps
        // (http/cachedReply.ts), so each is read from the database and serialized, as a first read is.
        const filled = Math.floor(nextStep.pair / stepBodies.length);
        const inTurn = (people: number) => {
          let n = 0;
          return cannon(samUrl, connections, duration, {
            method: 'GET',
            path: '/api/progress',
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              headers: auth(writers[n++ % people] as string),
            }),
          });
        };
        if (filled > 1) {
          add(`GET /api/progress (12 filled steps, ${filled} people in turn)`, await inTurn(filled), rps);
          // As on a live server: while these people read, someone else saves. Their replies stay kept
          // (one person's save empties only their own), so this is near the cached read, not the one above.
          const readers = Math.min(100, filled);
          const [read, saved] = await Promise.all([
            inTurn(readers),
            cannon(
              samUrl,
              1,
              duration,
              {
                method: 'POST',
                path: '/api/progress/step',
                headers: auth(writers.at(-1) as string),
                body: stepBodies[0],
              },
              SAVES_PER_SECOND,
            ),
          ]);
          add(
            `GET /api/progress (12 filled steps, ${readers} people in turn, while another saves ${saved.requestsPerSecond} times a second)`,
            read,
            rps,
          );
        }
      }

      if (wants('inventory')) {
        await writeRun(
          'POST /api/save_inventory_encrypted (200 entries)',
          { added: 'inventories' },
          inventoryWrites[index] as number,
          pairs(inventoryBodies, '/api/save_inventory_encrypted', nextInventory),
        );
      }

      if (wants('circles')) {
        await writeRun(
          'POST /api/circles (a first version)',
          { added: 'circles_versions' },
          circlesWrites[index] as number,
          () => ({
            path: '/api/circles',
            headers: auth(writers[nextCircles.writer++] as string),
            body: circlesBody,
          }),
        );
        await read(`GET /api/circles (${READER_CIRCLES_VERSIONS} versions)`, '/api/circles', readerToken);
      }

      if (wants('checkins')) {
        await writeRun(
          'PUT /api/check-ins/:day (a new day)',
          { added: 'check_ins' },
          checkInWrites[index] as number,
          () => {
            const pair = nextCheckIn.pair++;
            return {
              path: `/api/check-ins/${dayBefore(pair % CHECK_IN_DAYS)}`,
              headers: auth(writers[Math.floor(pair / CHECK_IN_DAYS)] as string),
              body: checkInBody,
            };
          },
        );
        await read(`GET /api/check-ins (${READER_CHECK_INS} check-ins)`, '/api/check-ins', readerToken);
      }

      if (wants('space')) {
        await read(
          "GET /api/sponsorship/spaces/:id (the sponsor's view: Step 1 and circles shared, 20 notes)",
          `/api/sponsorship/spaces/${relationshipId}`,
          sponsorToken,
        );
      }

      if (!wants('login')) continue;
      const before = await count('sessions');
      const loggedIn = await cannon(
        sam.url,
        connections,
        { amount: logins[index] as number },
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: json,
          body: JSON.stringify({ email, password }),
        },
      );
      add('POST /api/auth/login (Argon2id)', loggedIn, rps, (await count('sessions')) - before);
    }
  } finally {
    await sam?.stop();
    await baseline?.stop();
    await database.close().catch(() => undefined);
    await fresh.drop();
  }
  return runs;
}

export async function benchThroughput(options: BenchOptions): Promise<SectionResult> {
  const runs: Run[] = [];
  for (const engine of options.engines) {
    console.log(`throughput on ${engine.engine}…`);
    runs.push(...(await benchEngine(engine, options)));
  }
  const checks: Check[] = [];
  for (const run of runs) {
    if (run.rowsWritten !== undefined && run.rowsWritten !== run.ok) {
      checks.push({
        what: `${run.route}, ${run.engine}, ${run.connections} conn.: rows written = 2xx`,
        figure: `${run.rowsWritten} rows, ${run.ok} 2xx`,
        target: 'equal',
        met: false,
      });
    }
  }
  for (const target of HOT_ROUTE_TARGETS) {
    const run = runs.find((r) => targetOf(r) === target);
    if (!run) continue;
    checks.push({
      what: `${target.what}, SQLite, 64 connections: share of baseline req/s`,
      figure: `${run.ratio} (${run.requestsPerSecond} req/s)`,
      target: `≥ ${target.share}`,
      met: run.ratio >= target.share,
    });
    if (target.p99Ms === undefined) continue;
    checks.push({
      what: `${target.what}, SQLite, 64 connections: p99`,
      figure: `${run.p99} ms`,
      target: `< ${target.p99Ms} ms`,
      met: run.p99 < target.p99Ms,
    });
  }
  const writes = runs.filter((r) => r.rowsWritten !== undefined);
  if (writes.length && writes.every((r) => r.rowsWritten === r.ok)) {
    checks.push({
      what: 'Write routes: rows written = successful responses',
      figure: `${writes.length} runs, all equal`,
      target: 'equal',
      met: true,
    });
  }
  const logins = runs.filter((r) => r.route.includes('login'));
  // A refused login (429) costs next to nothing, so the time per login counts the successful ones only.
  const successfulPerSecond = (r: Run) => r.requestsPerSecond * (r.ok / Math.max(r.ok + r.failed, 1));
  const perLogin = logins
    .map((r) =>
      r.connections === 1
        ? `${r.engine}: ${r.p50} ms per login alone (p50, 1 connection)`
        : `${r.engine}: ${round(1000 / Math.max(successfulPerSecond(r), 1), 1)} ms of server time per successful login when saturated (${r.connections} connections)`,
    )
    .join('; ');
  const refusedLogins = logins.some((r) => r.failed > 0)
    ? " The logins are all one account's: an attempt counts as a failure until its password is found right, and at most 10 of an account's may be in flight, so the rest of a burst is refused at once (429), as a burst of guesses would be."
    : '';
  const markdown = [
    `Autocannon on loopback, no pipelining, ${options.durationSeconds} s per read run; write runs send a fixed number of requests (each step and inventory save a new row, each login a new session), so rows added can be compared with 2xx replies; the step saves are then sent again, each once, as a person's autosaves rewrite their step, and the rows changed are compared. Each route is first warmed up unmeasured (${options.smoke ? 'not the reads, in this smoke run' : `reads for ${WARM_UP_SECONDS} s`}; writes a quarter as many times on rows of their own), so a run measures the server's optimised code, not the JIT compiling it. SAM runs as its own process as in production (the bundle \`npm start\` runs, NODE_ENV=production, request logging at \`info\` to a file) on a seeded database (${options.smoke ? 300 : '10,000'} users, 12 steps and 3 inventories each); the baseline is a bare Fastify route in its own process, measured in the same run: first, and again just before and just after each route whose ratio has a target (SQLite, 64 connections), which is taken against the mean of those two (the baseline column). The same bare route also answers a POST of a step save's body, which it reads and parses: the most a save could reach with Fastify's body handling alone. On SQLite, the step's first saves are also sent to a ceiling (\`bench/stepSaveCeiling.ts\`, its own process on the same database while SAM is idle): a bare Fastify route that stores each body's step with SAM's own statement, group commit and WAL sync, and does nothing else (no session, no schema, no rules, no log line), for people of its own; it is taken against a baseline beside it, as the targets are.`,
    '',
    table(
      [
        'engine',
        'conn.',
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        '× baseline',
        'baseline req/s',
        '2xx',
        'non-2xx/errors',
        'rows',
      ],
      runs.map((r) => [
        r.engine,
        r.connections,
        r.route,
        r.requestsPerSecond,
        r.p50,
        r.p99,
        r.ratio,
        r.baselineRequestsPerSecond,
        r.ok,
        r.failed,
        r.rowsWritten ?? '',
      ]),
    ),
    ...(logins.length ? ['', `Login is bound by Argon2id by design: ${perLogin}.${refusedLogins}`] : []),
  ].join('\n');
  return { title: 'Server throughput', data: runs, markdown, checks };
}
