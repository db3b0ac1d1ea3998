import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createShareBodySchema,
  deleteShareBodySchema,
  messageReplySchema,
  publicShareSchema,
  shareDocumentSchema,
  shareIdSchema,
  shareListSchema,
} from '@sam/core';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { MINUTE } from '../../http/rateLimit.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createShareService, SHARE_MESSAGES } from './service.ts';

const SHARE_BODY = 4 * 1024 * 1024;
const VIEWS_PER_MINUTE = 120;

/**
 * The viewer's policy. Its `<iframe srcdoc>` inherits this policy (and adds its own `default-src 'none'`),
 * so the shared document's inline `<style>` needs 'unsafe-inline' here; the viewer page itself holds no
 * user content, and nothing else may load: no frames, forms, fonts or other origins.
 */
export const SHARE_VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function shareRoutes(app: ZodApp, deps: AppDeps): ReturnType<typeof createShareService> {
  const share = createShareService(deps);
  const tags = ['share'];
  const idParams = z.object({ id: shareIdSchema });

  app.post(
    '/api/share/documents',
    {
      config: { access: 'self' },
      bodyLimit: SHARE_BODY,
      schema: { tags, body: createShareBodySchema, response: { 200: shareDocumentSchema } },
    },
    async (req) => share.create(userOf(req), req.body),
  );

  app.get(
    '/api/share/documents',
    { config: { access: 'self' }, schema: { tags, response: { 200: shareListSchema } } },
    async (req) => ({
      documents: await share.list(userOf(req)),
    }),
  );

  app.delete(
    '/api/share/documents',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: deleteShareBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await share.remove(userOf(req), req.body.document_id);
      return { message: SHARE_MESSAGES.deleted };
    },
  );

  app.get(
    '/api/share/public/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: idParams, response: { 200: publicShareSchema } },
    },
    async (req, reply) => {
      await deps.limiter.hit(`ip:share-view:${req.ip}`, VIEWS_PER_MINUTE, MINUTE);
      reply.header('referrer-policy', 'no-referrer');
      return share.open(req.params.id);
    },
  );

  // The viewer page: a small standalone page of the web build that decrypts in the recipient's browser.
  app.get('/s/:id', { schema: { hide: true, params: idParams } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('content-security-policy', SHARE_VIEWER_CSP);
    if (!existsSync(join(deps.config.webDist, 'share.html'))) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The share viewer is not built yet. Run `npm run build`.');
    }
    return reply.sendFile('share.html');
  });

  return share;
}
