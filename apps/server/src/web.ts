import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; every path that is neither an API route nor a file gets index.html, so the
 * client router shows the page (unknown paths show home, spec part 1 §2).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${join('/', 'assets', '/')}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/api?');
    if (isPage && built) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    if (isPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` or `npm start`.');
    }
    return reply.status(404).send({
      detail: `No such API route: ${request.method} ${request.url.split('?')[0]}`,
      code: 'not_found',
    });
  });
}
