import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sam-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SAM</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's precompressed copies (apps/web/vite/precompress.ts).
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(dist, 'share.html'), '<!doctype html><title>Shared document</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(
    join(dist, 'version-info.json'),
    JSON.stringify({
      version: '0.1.2',
      buildDate: '2026-11-21T10:00:00.000Z',
      lastDeployed: '2026-11-21T10:00:00.000Z',
      gitBranch: 'main',
      gitCommit: 'abc1234',
    }),
  );
  t = await startTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/index.html', '/programs/saa/12-steps/step-3', '/no/such/page?x=1'])(
    '%s gets the app shell with the security headers',
    async (path) => {
      const res = await get(t, path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year and keeps the service worker fresh', async () => {
    expect((await get(t, '/assets/app-abc123.js')).headers['cache-control']).toContain('immutable');
    expect((await get(t, '/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to others', async () => {
    const asset = (encoding?: string) =>
      t.app.inject({
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    expect((await asset('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves the build version info', async () => {
    expect((await get(t, '/version-info.json')).json()).toMatchObject({
      gitBranch: 'main',
      gitCommit: 'abc1234',
    });
  });

  it('serves the share viewer at /s/:id without caching or referrer', async () => {
    const res = await get(t, '/s/AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.body).toContain('Shared document');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps unknown API paths as JSON 404s, not the app shell', async () => {
    const res = await get(t, '/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
