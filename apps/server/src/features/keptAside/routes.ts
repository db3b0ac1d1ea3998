import {
  KEPT_ASIDE_MESSAGES,
  keepAsideBodySchema,
  keptAsideItemSchema,
  keptAsideListSchema,
  keptAsideParamsSchema,
  messageReplySchema,
  putBackReplySchema,
  updateKeptAsideBodySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { sessionUser } from '../../http/authenticate.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createKeptAsideService } from './service.ts';

/** An inventory's ciphertext at its largest, with room for the JSON around it. */
const KEPT_ASIDE_BODY = 4 * 1024 * 1024;

export function keptAsideRoutes(app: ZodApp, deps: AppDeps): void {
  const keptAside = createKeptAsideService(deps);
  const tags = ['kept-aside'];
  const user = (req: FastifyRequest) => sessionUser(deps, req);

  app.get('/api/kept-aside', { schema: { tags, response: { 200: keptAsideListSchema } } }, async (req) => ({
    items: await keptAside.list(await user(req)),
  }));

  app.post(
    '/api/kept-aside',
    {
      bodyLimit: SMALL_BODY,
      schema: { tags, body: keepAsideBodySchema, response: { 200: keptAsideItemSchema } },
    },
    async (req) => keptAside.keepAside(await user(req), req.body),
  );

  app.put(
    '/api/kept-aside/:id',
    {
      bodyLimit: KEPT_ASIDE_BODY,
      schema: {
        tags,
        params: keptAsideParamsSchema,
        body: updateKeptAsideBodySchema,
        response: { 200: keptAsideItemSchema },
      },
    },
    async (req) => keptAside.update(await user(req), req.params.id, req.body.encryptedData),
  );

  app.post(
    '/api/kept-aside/:id/put-back',
    {
      bodyLimit: SMALL_BODY,
      schema: { tags, params: keptAsideParamsSchema, response: { 200: putBackReplySchema } },
    },
    async (req) => keptAside.putBack(await user(req), req.params.id),
  );

  app.delete(
    '/api/kept-aside/:id',
    { schema: { tags, params: keptAsideParamsSchema, response: { 200: messageReplySchema } } },
    async (req) => {
      await keptAside.remove(await user(req), req.params.id);
      return { message: KEPT_ASIDE_MESSAGES.deleted };
    },
  );
}
