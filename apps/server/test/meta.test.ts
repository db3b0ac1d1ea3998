import { BASE64_PATTERN } from '@sam/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/http/databaseUnavailable.ts';
import { AUTH_VALUE, get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const vital = { name: 'LCP', value: 1234.5, rating: 'good', id: 'v1-123', page: '/self-assess' };

describe('health, version and headers', () => {
  it('reports database reachability', async () => {
    const res = await get(t, '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'reachable' });
  });

  it('serves version info with the fallback version when the web app is not built', async () => {
    const res = await get(t, '/version-info.json');
    expect(res.json()).toMatchObject({ version: '0.1.2' });
  });

  it('sends the security headers on API replies and errors', async () => {
    for (const res of [
      await get(t, '/api/health'),
      await get(t, '/api/whoami'),
      await get(t, '/api/nowhere'),
    ]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await get(t, '/api/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No such API route: GET /api/nowhere', code: 'not_found' });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await get(t, '/api/docs/json');
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user/keys/{userId}', '/api/vitals']),
    );
    // Ciphertext fields document their form, lengths included.
    const keyBody = res.json().paths['/api/user/keys'].post.requestBody.content['application/json'].schema;
    expect(keyBody.properties.encryptedKey).toMatchObject({ minLength: 16, pattern: BASE64_PATTERN });
  });
});

describe('/api/vitals', () => {
  it('stores reports from visitors and signed-in users alike, naming no account', async () => {
    expect((await post(t, '/api/vitals', vital)).statusCode).toBe(204);
    const token = await newUser(t, 'vitals@example.com');
    expect((await post(t, '/api/vitals', { ...vital, name: 'CLS', value: 0.02 }, token)).statusCode).toBe(
      204,
    );
    const rows = await t.db.selectFrom('web_vitals').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ name: 'LCP', value: 1234.5, page: '/self-assess' });
    expect(rows[1]).toMatchObject({ name: 'CLS', value: 0.02 });
    expect(Object.keys(rows[1] ?? {}).sort()).toEqual(
      ['created_at', 'id', 'name', 'navigation_type', 'page', 'rating', 'value'].sort(),
    );
  });

  it('refuses unknown metrics, negative values and long pages', async () => {
    for (const body of [
      { ...vital, name: 'FID' },
      { ...vital, value: -1 },
      { ...vital, page: `/${'p'.repeat(300)}` },
      { ...vital, value: 'fast' },
    ]) {
      expect((await post(t, '/api/vitals', body)).statusCode).toBe(400);
    }
    expect(await t.db.selectFrom('web_vitals').selectAll().execute()).toEqual([]);
  });
});

describe('database outage', () => {
  it('reports 503 with a readable reply when the database cannot be reached', async () => {
    const broken = await startTestApp();
    await broken.db.destroy();
    const res = await get(broken, '/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    await broken.close();
  });

  it('answers API routes 503 with a readable detail and Retry-After, signed in or not', async () => {
    const broken = await startTestApp();
    try {
      const token = await newUser(broken, 'outage@example.com');
      expect((await get(broken, '/api/progress', token)).statusCode).toBe(200);
      await broken.db.destroy();
      const step = {
        program: 'SAA',
        track: '12-steps',
        step_number: 1,
        step_title: 'Step 1',
        completed: false,
        data: { actions: [{ id: 1, completed: true }], encryptedData: 'c2VjcmV0', encrypted: true },
      };
      for (const res of [
        await get(broken, '/api/progress', token),
        await post(broken, '/api/progress/step', step, token),
        await post(broken, '/api/auth/login', { email: 'outage@example.com', password: AUTH_VALUE }),
      ]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          detail: 'SAM cannot reach its database right now. Please try again in a moment.',
          code: 'database_unavailable',
        });
        expect(res.headers['retry-after']).toBe('5');
        expect(res.headers['content-type']).toContain('application/json');
      }
    } finally {
      await broken.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'survives PostgreSQL dropping a connection that is checked out between queries (PostgreSQL)',
    async () => {
      const token = await newUser(t, 'dropped@example.com');
      await t.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
        // What a restart does to every connection: FATAL 57P01, while this one runs no query.
        const admin = new pg.Client({ connectionString: t.databaseUrl });
        await admin.connect();
        try {
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        } finally {
          await admin.end();
        }
        await new Promise((r) => setTimeout(r, 200));
        const error = await sql`SELECT 1`.execute(connection).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      });
      // The pool discarded it; the next request gets a new connection.
      expect((await get(t, '/api/progress', token)).statusCode).toBe(200);
    },
  );
});
