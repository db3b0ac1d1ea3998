import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; every path that is neither an API route nor a file gets the app shell, so the
 * client router shows the page (unknown paths show home).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  // The shell without page content (apps/web/vite/prerender.ts); index.html is the prerendered home page.
  const shell = existsSync(join(webDist, 'app.html')) ? 'app.html' : 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      // The build writes .br and .gz copies of its text files (apps/web/vite/precompress.ts).
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join('/', 'assets', '/')}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/api?');
    if (isPage && built) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(shell);
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
