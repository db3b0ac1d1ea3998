import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from './abuse/seed.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/** The security headers (README, "Security") on every page and every API reply, successes and errors alike. */

let t: TestApp;
let dist: string;
let token: string;
let shareId: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sam-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SAM</title><div id="root"></div>');
  writeFileSync(join(dist, 'share.html'), '<!doctype html><title>Shared document</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'app-abc123.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  t = await startTestApp({ webDist: dist });
  const owner = await seedUser(t, 'headers@example.com');
  token = owner.token;
  shareId = owner.shareId;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

type Reply = { statusCode: number; headers: Record<string, string | string[] | number | undefined> };

function expectSecurityHeaders(res: Reply, where: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('frame-ancestors'), `${where}: ${csp}`).toEqual(["'none'"]);
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(scripts.length, `${where}: ${csp}`).toBeGreaterThan(0);
  for (const source of scripts) {
    // No inline script and no third-party script.
    expect(["'self'", "'none'"], `${where}: script-src ${source}`).toContain(source);
  }
  const frames =
    directives.get('frame-src') ?? directives.get('child-src') ?? directives.get('default-src') ?? [];
  for (const source of frames) {
    expect(["'self'", "'none'"], `${where}: frame-src ${source}`).toContain(source);
  }
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['referrer-policy'], where).toBe('no-referrer');
  // Served over plain HTTP here: HSTS only belongs to HTTPS replies.
  expect(res.headers['strict-transport-security'], where).toBeUndefined();
}

const auth = { authorization: 'Bearer ' };
const cases: Array<[string, () => InjectOptions, number | number[]]> = [
  ['home page', () => ({ url: '/' }), 200],
  ['a page of the app (SPA route)', () => ({ url: '/programs/saa/12-steps/step-3' }), 200],
  ['an unknown page', () => ({ url: '/no/such/page?x=1' }), 200],
  ['the share viewer', () => ({ url: `/s/${shareId}` }), 200],
  ['a hashed script', () => ({ url: '/assets/app-abc123.js' }), 200],
  ['a hashed style sheet', () => ({ url: '/assets/app-abc123.css' }), 200],
  ['the service worker', () => ({ url: '/sw.js' }), 200],
  ['a missing asset', () => ({ url: '/assets/missing-000.js' }), 200],
  ['API success', () => ({ url: '/api/health' }), 200],
  [
    'API success, signed in',
    () => ({ url: '/api/progress', headers: { authorization: `Bearer ${token}` } }),
    200,
  ],
  ['API 401', () => ({ url: '/api/whoami' }), 401],
  [
    'API 401, bad token',
    () => ({ url: '/api/whoami', headers: { ...auth, authorization: 'Bearer nope' } }),
    401,
  ],
  [
    'API 400',
    () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    }),
    400,
  ],
  ['API 404', () => ({ url: '/api/no-such-route' }), 404],
  ['API 404 record', () => ({ url: '/api/share/public/AAAAAAAAAAAAAAAAAAAAAA' }), 404],
  [
    'API 413',
    () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"a":"${'x'.repeat(300 * 1024)}"}`,
    }),
    413,
  ],
  [
    'API 415',
    () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    }),
    415,
  ],
  [
    'API path parameter over the router limit',
    () => ({ url: `/api/user/keys/${'x'.repeat(500)}` }),
    [404, 414],
  ],
  ['API docs', () => ({ url: '/api/docs/json' }), 200],
  ['API docs page', () => ({ url: '/api/docs' }), [200, 302]],
];

describe('security headers', () => {
  it.each(cases)('%s', async (label, request, status) => {
    const res = await t.app.inject(request());
    expect([status].flat(), `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
      res.statusCode,
    );
    expectSecurityHeaders(res, label);
    if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
      expect(res.json().detail, label).toEqual(expect.any(String));
    }
  });

  it('the share viewer and API replies are not cached', async () => {
    expect((await t.app.inject({ url: `/s/${shareId}` })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/whoami' })).headers['cache-control']).toBe('no-store');
  });
});
