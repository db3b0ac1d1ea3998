import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/index.ts';
import { insertSession } from '../apps/server/src/db/sessions.ts';
import { setRoleByEmail } from '../apps/server/src/db/users.ts';
import { hashToken } from '../apps/server/src/features/auth/secrets.ts';
import { freshDatabase } from '../apps/server/test/freshDatabase.ts';
import { seed } from './seed.ts';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const REPEAT = 5;
type Row = { engine: string; users: number; seedSeconds: number; medians: Record<string, number> };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function measure(engine: 'sqlite' | 'postgres', users: number): Promise<Row> {
  const fresh = await freshDatabase(
    engine === 'postgres' ? process.env.BENCH_POSTGRES_URL : undefined,
    'sam-bench',
  );
  const config = loadConfig({ DATABASE_URL: fresh.url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const seeded = performance.now();
    await seed(database.db, users);
    const seedSeconds = (performance.now() - seeded) / 1000;
    if (engine === 'postgres') await sql`ANALYZE`.execute(database.db);
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
    });
    const { app } = await buildApp({ config, database, logger: false });
    await app.ready();
    const headers = { authorization: `Bearer ${token}` };
    const pages = Math.ceil(users / 50);
    const targets: Record<string, string> = {
      'GET /api/admin/metrics': '/api/admin/metrics',
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
      medians[label] = Math.round(median(times) * 10) / 10;
    }
    await app.close();
    return { engine, users, seedSeconds: Math.round(seedSeconds * 10) / 10, medians };
  } finally {
    await database.close().catch(() => undefined);
    await fresh.drop();
  }
}

const engines: Array<'sqlite' | 'postgres'> = process.env.BENCH_POSTGRES_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];
const rows: Row[] = [];
for (const engine of engines) {
  for (const users of sizes) {
    console.log(`seeding ${users} users on ${engine}…`);
    const row = await measure(engine, users);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}

const labels = Object.keys(rows[0]?.medians ?? {});
const table = [
  `| engine | users | step rows | inventories | ${labels.map((l) => `${l} (ms, median of ${REPEAT})`).join(' | ')} |`,
  `|---|---|---|---|${labels.map(() => '---').join('|')}|`,
  ...rows.map(
    (r) =>
      `| ${r.engine} | ${r.users} | ${r.users * 12} | ${r.users * 3} | ${labels.map((l) => r.medians[l]).join(' | ')} |`,
  ),
].join('\n');
const dir = new URL('.', import.meta.url).pathname;
writeFileSync(
  join(dir, 'results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`,
);
writeFileSync(
  join(dir, 'results.md'),
  `# Scale benchmark\n\nTarget: admin metrics under 500 ms at 100,000 users on both databases.\n\n${table}\n`,
);
console.log(`\n${table}`);
