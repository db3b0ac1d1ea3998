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
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createKeptAsideService } from './service.ts';

/** An inventory's ciphertext at its largest, with room for the JSON around it. */
const KEPT_ASIDE_BODY = 4 * 1024 * 1024;

export function keptAsideRoutes(app: ZodApp, deps: AppDeps): void {
  const keptAside = createKeptAsideService(deps);
  const tags = ['kept-aside'];

  app.get(
    '/api/kept-aside',
    { config: { access: 'self' }, schema: { tags, response: { 200: keptAsideListSchema } } },
    async (req) => ({
      items: await keptAside.list(userOf(req)),
    }),
  );

  app.post(
    '/api/kept-aside',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: keepAsideBodySchema, response: { 200: keptAsideItemSchema } },
    },
    async (req) => keptAside.keepAside(userOf(req), req.body),
  );

  app.put(
    '/api/kept-aside/:id',
    {
      config: { access: 'self' },
      bodyLimit: KEPT_ASIDE_BODY,
      schema: {
        tags,
        params: keptAsideParamsSchema,
        body: updateKeptAsideBodySchema,
        response: { 200: keptAsideItemSchema },
      },
    },
    async (req) => keptAside.update(userOf(req), req.params.id, req.body.encryptedData),
  );

  app.post(
    '/api/kept-aside/:id/put-back',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, params: keptAsideParamsSchema, response: { 200: putBackReplySchema } },
    },
    async (req) => keptAside.putBack(userOf(req), req.params.id),
  );

  app.delete(
    '/api/kept-aside/:id',
    {
      config: { access: 'self' },
      schema: { tags, params: keptAsideParamsSchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await keptAside.remove(userOf(req), req.params.id);
      return { message: KEPT_ASIDE_MESSAGES.deleted };
    },
  );
}
