import {
  KEPT_ASIDE_MESSAGES,
  KEPT_ASIDE_TOOLS_MESSAGES,
  keepAsideBodySchema,
  keptAsideItemSchema,
  keptAsideListSchema,
  keptAsideParamsSchema,
  keptAsideToolsListSchema,
  messageReplySchema,
  putBackReplySchema,
  putBackToolsReplySchema,
  updateKeptAsideBodySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createKeptAsideService } from './service.ts';
import { createKeptAsideToolsService } from './tools.ts';

/** An inventory's ciphertext at its largest, with room for the JSON around it. */
const KEPT_ASIDE_BODY = 4 * 1024 * 1024;

export function keptAsideRoutes(app: ZodApp, deps: AppDeps): void {
  const keptAside = createKeptAsideService(deps);
  const tools = createKeptAsideToolsService(deps);
  const tags = ['kept-aside'];

  // The circles, abstinence dates and check-ins a clear or a restore kept aside (registered before the
  // item routes, whose :id never matches 'tools').
  app.get(
    '/api/kept-aside/tools',
    { config: { access: 'self' }, schema: { tags, response: { 200: keptAsideToolsListSchema } } },
    async (req) => ({ items: await tools.list(userOf(req).id) }),
  );

  app.post(
    '/api/kept-aside/tools/:id/put-back',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, params: keptAsideParamsSchema, response: { 200: putBackToolsReplySchema } },
    },
    async (req) => tools.putBack(userOf(req).id, req.params.id),
  );

  app.delete(
    '/api/kept-aside/tools/:id',
    {
      config: { access: 'self' },
      schema: { tags, params: keptAsideParamsSchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await tools.remove(userOf(req).id, req.params.id);
      return { message: KEPT_ASIDE_TOOLS_MESSAGES.deleted };
    },
  );

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
