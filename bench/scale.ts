import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/index.ts';
import { insertSession } from '../apps/server/src/db/sessions.ts';
import { setRoleByEmail } from '../apps/server/src/db/users.ts';
import { hashToken } from '../apps/server/src/features/auth/secrets.ts';
import { freshDatabase } from '../apps/server/test/freshDatabase.ts';
import { type BenchOptions, type Check, median, round, type SectionResult, table } from './report.ts';
import { seed } from './seed.ts';

const REPEAT = 5;
const METRICS = 'GET /api/admin/metrics';
type Row = { engine: string; users: number; seedSeconds: number; medians: Record<string, number> };

async function measure(
  engine: BenchOptions['engines'][number],
  users: number,
  workDir: string,
): Promise<Row> {
  const fresh = await freshDatabase(engine.server, 'sam-bench');
  const config = loadConfig({ DATABASE_URL: fresh.url, LOG_LEVEL: 'silent', WEB_DIST: workDir });
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const seeded = performance.now();
    await seed(database.db, users);
    const seedSeconds = (performance.now() - seeded) / 1000;
    // What autovacuum does on a live server: statistics, and the visibility map index-only scans need.
    if (engine.engine === 'postgres') await sql`VACUUM ANALYZE`.execute(database.db);
    await setRoleByEmail(database.db, 'user0@bench.example', 'admin', Date.now());
    const admin = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user0@bench.example')
      .executeTakeFirstOrThrow();
    const token = 'bench-admin-token';
    await insertSession(database.db, {
      token_hash: hashToken(token),
      user_id: admin.id,
      created_at: Date.now(),
      expires_at: Date.now() + 86_400_000,
      public_id: 'bench-admin-session',
      device: 'Bench',
    });
    const { app } = await buildApp({ config, database, logger: false });
    await app.ready();
    const headers = { authorization: `Bearer ${token}` };
    const pages = Math.ceil(users / 50);
    const targets: Record<string, string> = {
      [METRICS]: '/api/admin/metrics',
      'admin users, first page': '/api/admin/users?page=1&pageSize=50',
      'admin users, middle page': `/api/admin/users?page=${Math.ceil(pages / 2)}&pageSize=50`,
      "one user's GET /api/progress": '/api/progress',
    };
    const medians: Record<string, number> = {};
    for (const [label, url] of Object.entries(targets)) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      }
      medians[label] = round(median(times));
    }
    await app.close();
    return { engine: engine.engine, users, seedSeconds: round(seedSeconds), medians };
  } finally {
    await database.close().catch(() => undefined);
    await fresh.drop();
  }
}

/** The scale figures: admin metrics, the admin user list and one user's progress at each size. */
export async function benchScale(options: BenchOptions): Promise<SectionResult> {
  const rows: Row[] = [];
  for (const engine of options.engines) {
    for (const users of options.sizes) {
      console.log(`seeding ${users} users on ${engine.engine}…`);
      rows.push(await measure(engine, users, options.workDir));
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  const labels = Object.keys(rows[0]?.medians ?? {});
  const checks: Check[] = [];
  const growth: string[] = [];
  for (const engine of options.engines) {
    const mine = rows.filter((r) => r.engine === engine.engine).sort((a, b) => a.users - b.users);
    const small = mine[0];
    const large = mine.at(-1);
    if (!small || !large) continue;
    if (large.users >= 100_000) {
      const ms = large.medians[METRICS] as number;
      checks.push({
        what: `Admin metrics at ${large.users.toLocaleString('en')} users, ${engine.engine}`,
        figure: `${ms} ms`,
        target: '< 500 ms',
        met: ms < 500,
      });
    }
    if (large !== small) {
      const dataGrowth = large.users / small.users;
      for (const label of labels) {
        const ratio = round((large.medians[label] as number) / (small.medians[label] as number), 1);
        growth.push(`${engine.engine}, ${label}: ×${ratio} for ×${dataGrowth} data`);
        if (label === METRICS) {
          checks.push({
            what: `Admin metrics growth ${small.users.toLocaleString('en')} → ${large.users.toLocaleString('en')} users, ${engine.engine}`,
            figure: `×${ratio}`,
            target: `≤ ×${dataGrowth} (the data's growth)`,
            met: ratio <= dataGrowth,
          });
        }
      }
    }
  }
  const markdown = [
    `Each user has 12 SAA step rows and 3 current inventories. Requests go through the real app in process (\`inject\`), median of ${REPEAT}. PostgreSQL is vacuumed and analysed after seeding, as autovacuum would have done.`,
    '',
    table(
      ['engine', 'users', 'step rows', 'inventories', 'seed s', ...labels.map((l) => `${l} (ms)`)],
      rows.map((r) => [
        r.engine,
        r.users.toLocaleString('en'),
        (r.users * 12).toLocaleString('en'),
        (r.users * 3).toLocaleString('en'),
        r.seedSeconds,
        ...labels.map((l) => r.medians[l] as number),
      ]),
    ),
    '',
    growth.length ? `Growth: ${growth.join('; ')}.` : '',
  ].join('\n');
  return { title: 'Scale', data: rows, markdown, checks };
}
