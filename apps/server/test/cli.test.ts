import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, newUser, startTestApp, type TestApp } from './helpers.ts';

const run = promisify(execFile);
const cli = new URL('../src/cli.ts', import.meta.url).pathname;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await newUser(t, 'admin-to-be@example.com');
});
afterAll(async () => {
  await t.close();
});

function sam(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
  });
}

describe('npm run sam -- admin', () => {
  it('grants and revokes the admin role', async () => {
    const granted = await sam('admin', 'grant', 'Admin-To-Be@example.com');
    expect(granted.stdout).toContain('admin-to-be@example.com is now an admin.');
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({ role: 'admin', isAdmin: true });

    await sam('admin', 'revoke', 'admin-to-be@example.com');
    expect((await get(t, '/api/whoami', token)).json()).toMatchObject({ role: 'user', isAdmin: false });
  });

  it('says so when the account does not exist, and shows usage for bad arguments', async () => {
    await expect(sam('admin', 'grant', 'nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the e-mail nobody@example.com.'),
    });
    await expect(sam('admin', 'promote', 'x@example.com')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage:'),
    });
  });
});
