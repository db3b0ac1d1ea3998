import {
  inactiveKeysReplySchema,
  keyRecordBodySchema,
  keyRecordSchema,
  keyWrappingsReplySchema,
  lastUsedBodySchema,
  messageReplySchema,
  reauthBodySchema,
  recoverySavedBodySchema,
  userIdParamsSchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createKeysService, KEY_MESSAGES } from './service.ts';

export function keysRoutes(app: ZodApp, deps: AppDeps): void {
  const keys = createKeysService(deps);
  const tags = ['keys'];

  app.get(
    '/api/user/keys/:userId',
    {
      config: { access: 'self' },
      schema: { tags, params: userIdParamsSchema, response: { 200: keyRecordSchema.nullable() } },
    },
    async (req) => keys.get(userOf(req), req.params.userId),
  );

  app.get(
    '/api/user/keys/:userId/inactive',
    {
      config: { access: 'self' },
      schema: { tags, params: userIdParamsSchema, response: { 200: inactiveKeysReplySchema } },
    },
    async (req) => ({ keys: await keys.inactive(userOf(req), req.params.userId) }),
  );

  app.post(
    '/api/user/keys',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: keyRecordBodySchema, response: { 200: keyRecordSchema } },
    },
    async (req) => keys.put(userOf(req), req.body),
  );

  app.put(
    '/api/user/keys/:userId/last-used',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: lastUsedBodySchema,
        response: { 200: keyRecordSchema },
      },
    },
    async (req) => keys.touch(userOf(req), req.params.userId, req.body.lastUsed),
  );

  app.put(
    '/api/user/keys/:userId/recovery-saved',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: recoverySavedBodySchema,
        response: { 200: keyRecordSchema },
      },
    },
    async (req) => keys.recoverySaved(userOf(req), req.params.userId, req.body.recoveryEncryptedKey),
  );

  app.get(
    '/api/user/keys/:userId/wrappings',
    {
      config: { access: 'self' },
      schema: { tags, params: userIdParamsSchema, response: { 200: keyWrappingsReplySchema } },
    },
    async (req) => ({ wrappings: await keys.wrappings(userOf(req), req.params.userId) }),
  );

  app.delete(
    '/api/user/keys/:userId',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: reauthBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await keys.remove(userOf(req), req.params.userId, req.body.password);
      return { message: KEY_MESSAGES.deleted };
    },
  );
}
