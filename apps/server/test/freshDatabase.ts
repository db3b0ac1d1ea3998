import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A database nobody else uses: a new SQLite file, or, given a PostgreSQL server URL, a new database on it.
 * drop() removes it again. Used by the integration tests and the benchmark.
 */
export async function freshDatabase(
  postgresServer: string | undefined,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresServer) {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    return {
      url: `sqlite:${join(dir, 'sam.db')}`,
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
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
