import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps.ts';
import { enforceRouteAccess } from '../src/http/access.ts';

describe('enforceRouteAccess', () => {
  it('stops the server at start-up when an API route declares no access', async () => {
    const app = Fastify();
    enforceRouteAccess(app, {} as AppDeps);
    expect(() => app.get('/api/forgotten', async () => 'hello')).toThrow(
      'GET /api/forgotten declares no access (config.access)',
    );
    // Pages of the web app and the API documentation are not API routes.
    app.get('/about', async () => 'page');
    app.get('/api/docs/json', async () => '{}');
    await app.close();
  });

  it('lists each declared route with its access', async () => {
    const app = Fastify();
    const declared = enforceRouteAccess(app, {} as AppDeps);
    app.get('/api/open', { config: { access: 'public' } }, async () => 'ok');
    app.post('/api/mine/:id', { config: { access: 'self' } }, async () => 'ok');
    expect(declared).toEqual([
      { method: 'GET', url: '/api/open', access: 'public' },
      { method: 'POST', url: '/api/mine/:id', access: 'self' },
    ]);
    await app.close();
  });
});
