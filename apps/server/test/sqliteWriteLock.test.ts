import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../src/http/databaseUnavailable.ts';
import { get, newUser, startTestApp, type TestApp } from './helpers.ts';

/**
 * Another process (the admin CLI, a backup tool) holds SQLite's write lock for longer than the server waits
 * for it: the request is told to try again, and once the lock is gone every request works again.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'locked-out@example.com');
});
afterEach(async () => {
  await t.close();
});

const choose = (optedOut: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/preferences/date-tracking',
    headers: { authorization: `Bearer ${token}` },
    payload: { date_display_opted_out: optedOut },
  });

describe.skipIf(onPostgres)('a write while another process holds the SQLite write lock', () => {
  it('answers 503 with a readable detail, and the next requests succeed', async () => {
    const other = new SQLite(t.databaseUrl.slice('sqlite:'.length));
    other.exec('begin immediate');
    try {
      const refused = await choose(true);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().detail).toBe(DATABASE_UNAVAILABLE);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await choose(true)).statusCode).toBe(200);
    expect((await choose(false)).statusCode).toBe(200);
    expect((await get(t, '/api/profile', token)).statusCode).not.toBe(503);
  });
});
