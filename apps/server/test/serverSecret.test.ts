import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from './freshDatabase.ts';

const run = promisify(execFile);
const main = new URL('../src/main.ts', import.meta.url).pathname;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;

beforeEach(async () => {
  fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-secret');
});
afterEach(async () => {
  await fresh.drop();
});

/** Starts the real server entry point the way `npm start` does, with only the given settings. */
function startServer(env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  return run(process.execPath, ['--import', 'tsx', main], {
    env: { PATH, HOME, DATABASE_URL: fresh.url, PORT: '0', LOG_LEVEL: 'warn', ...env },
    timeout: 20_000,
  });
}

describe('the server secret', () => {
  it('is required in production: without SERVER_SECRET the server refuses to start and says why', async () => {
    await expect(startServer({ NODE_ENV: 'production' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('SERVER_SECRET: required in production'),
    });
  });

  it('stays out of the database when it is set, so a copy of the database cannot check a code offline', async () => {
    const secret = createHmac('sha256', 'test').update('secret').digest('base64');
    const child = execFile(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        DATABASE_URL: fresh.url,
        PORT: '0',
        SERVER_SECRET: secret,
        NODE_ENV: 'production',
      },
    });
    const ready = await new Promise<boolean>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('SAM is ready') && resolve(true));
      child.on('exit', () => resolve(false));
    });
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    expect(ready).toBe(true);
    const { openDatabase } = await import('../src/db/index.ts');
    const database = openDatabase(fresh.url);
    const settings = await database.db.selectFrom('app_settings').selectAll().execute();
    await database.close();
    expect(settings.map((row) => row.key)).not.toContain('server_secret');
  });
});
