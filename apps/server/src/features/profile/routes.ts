import {
  deleteAccountBodySchema,
  messageReplySchema,
  profileBodySchema,
  profileReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createProfileService, PROFILE_MESSAGES } from './service.ts';

export function profileRoutes(app: ZodApp, deps: AppDeps): void {
  const profile = createProfileService(deps);
  const tags = ['profile'];
  const small = { bodyLimit: SMALL_BODY };

  app.get(
    '/api/profile',
    { config: { access: 'self' }, schema: { tags, response: { 200: profileReplySchema.nullable() } } },
    async (req) => profile.get(userOf(req)),
  );

  app.post(
    '/api/profile',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: profileBodySchema, response: { 200: profileReplySchema } },
    },
    async (req) => profile.create(userOf(req), req.body),
  );

  app.put(
    '/api/profile',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: profileBodySchema, response: { 200: profileReplySchema } },
    },
    async (req) => profile.update(userOf(req), req.body),
  );

  app.post(
    '/api/profile/login',
    { config: { access: 'self' }, ...small, schema: { tags, response: { 200: messageReplySchema } } },
    async (req) => {
      await profile.recordLogin(userOf(req));
      return { message: 'Last login recorded' };
    },
  );

  app.delete(
    '/api/account',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: deleteAccountBodySchema, response: { 200: messageReplySchema } },
    },
    async (req, reply) => {
      await profile.deleteAccount(userOf(req), req.body.email, req.body.password);
      reply.header('clear-site-data', '"cache", "storage"');
      return { message: PROFILE_MESSAGES.deleted };
    },
  );
}
