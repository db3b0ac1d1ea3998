import {
  inactiveKeysReplySchema,
  keyRecordBodySchema,
  keyRecordSchema,
  keyWrappingsReplySchema,
  lastUsedBodySchema,
  messageReplySchema,
  reauthBodySchema,
  userIdParamsSchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { requireSession, sessionUser } from '../../http/authenticate.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createKeysService, KEY_MESSAGES } from './service.ts';

export function keysRoutes(app: ZodApp, deps: AppDeps): void {
  const keys = createKeysService(deps);
  const tags = ['keys'];

  app.get(
    '/api/user/keys/:userId',
    { schema: { tags, params: userIdParamsSchema, response: { 200: keyRecordSchema } } },
    async (req) => keys.get((await requireSession(deps, req)).user, req.params.userId),
  );

  app.get(
    '/api/user/keys/:userId/inactive',
    { schema: { tags, params: userIdParamsSchema, response: { 200: inactiveKeysReplySchema } } },
    async (req) => ({ keys: await keys.inactive((await requireSession(deps, req)).user, req.params.userId) }),
  );

  app.post(
    '/api/user/keys',
    {
      bodyLimit: SMALL_BODY,
      schema: { tags, body: keyRecordBodySchema, response: { 200: keyRecordSchema } },
    },
    async (req) => keys.put((await requireSession(deps, req)).user, req.body),
  );

  app.put(
    '/api/user/keys/:userId/last-used',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: lastUsedBodySchema,
        response: { 200: keyRecordSchema },
      },
    },
    async (req) => keys.touch((await requireSession(deps, req)).user, req.params.userId, req.body.lastUsed),
  );

  app.get(
    '/api/user/keys/:userId/wrappings',
    { schema: { tags, params: userIdParamsSchema, response: { 200: keyWrappingsReplySchema } } },
    async (req) => ({ wrappings: await keys.wrappings(await sessionUser(deps, req), req.params.userId) }),
  );

  app.delete(
    '/api/user/keys/:userId',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: reauthBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await keys.remove(await sessionUser(deps, req), req.params.userId, req.body.password);
      return { message: KEY_MESSAGES.deleted };
    },
  );
}
