import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';

type FreshDatabase = { url: string; drop(): Promise<void> };

/**
 * A database nobody else uses: a new SQLite file, or, given a PostgreSQL server URL, a new database on it.
 * drop() removes it again. Used by the integration tests and the benchmark.
 *
 * Given `copyOf` (a database made by migratedDatabase), the new one starts as its copy: the file copied, or
 * PostgreSQL's `CREATE DATABASE … TEMPLATE`, much quicker than running every migration again.
 */
export async function freshDatabase(
  postgresServer: string | undefined,
  prefix: string,
  copyOf?: string,
): Promise<FreshDatabase> {
  if (!postgresServer) {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    const file = join(dir, 'sam.db');
    if (copyOf) copyFileSync(copyOf.replace(/^sqlite:/, ''), file);
    return {
      url: `sqlite:${file}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix.replaceAll('-', '_')}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresServer });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${copyOf ? ` TEMPLATE ${new URL(copyOf).pathname.slice(1)}` : ''}`);
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh database with every migration run and no connection left open: the one to copy for each test. */
export async function migratedDatabase(postgresServer: string | undefined): Promise<FreshDatabase> {
  const fresh = await freshDatabase(postgresServer, 'sam-migrated');
  const database = openDatabase(fresh.url);
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  return fresh;
}
