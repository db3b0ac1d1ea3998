import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FALLBACK_VERSION_INFO,
  healthReplySchema,
  readVersionInfo,
  type VersionInfo,
  versionInfoSchema,
} from '@sam/core';
import { isReachable } from '../../db/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { ZodApp } from '../../http/types.ts';

/** The build's version info, read by the same rule as the web's footer; the fallback when it cannot be. */
async function builtVersionInfo(webDist: string): Promise<VersionInfo> {
  try {
    const written: unknown = JSON.parse(await readFile(join(webDist, 'version-info.json'), 'utf8'));
    return readVersionInfo(written) ?? FALLBACK_VERSION_INFO;
  } catch {
    return FALLBACK_VERSION_INFO;
  }
}

export function metaRoutes(app: ZodApp, deps: AppDeps): void {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['meta'], response: { 200: healthReplySchema, 503: healthReplySchema } },
    },
    async (_req, reply) => {
      const reachable = await isReachable(deps.db);
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'unavailable',
        database: reachable ? 'reachable' : 'unreachable',
      });
    },
  );

  app.get(
    '/version-info.json',
    { schema: { hide: true, response: { 200: versionInfoSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return builtVersionInfo(deps.config.webDist);
    },
  );
}
