import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

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
  });
});

describe('/api/vitals', () => {
  it('stores a report from a visitor and from a signed-in user', async () => {
    expect((await post(t, '/api/vitals', vital)).statusCode).toBe(204);
    const token = await newUser(t, 'vitals@example.com');
    expect((await post(t, '/api/vitals', { ...vital, name: 'CLS', value: 0.02 }, token)).statusCode).toBe(
      204,
    );
    const rows = await t.db
      .selectFrom('web_vitals')
      .select(['name', 'value', 'user_id', 'page'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ name: 'LCP', value: 1234.5, user_id: null, page: '/self-assess' });
    expect(rows[1]?.user_id).toEqual(expect.any(String));
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
});
