import {
  deleteAccountBodySchema,
  messageReplySchema,
  profileBodySchema,
  profileReplySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { sessionUser } from '../../http/authenticate.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createProfileService, PROFILE_MESSAGES } from './service.ts';

export function profileRoutes(app: ZodApp, deps: AppDeps): void {
  const profile = createProfileService(deps);
  const tags = ['profile'];
  const small = { bodyLimit: SMALL_BODY };
  const user = (req: FastifyRequest) => sessionUser(deps, req);

  app.get('/api/profile', { schema: { tags, response: { 200: profileReplySchema } } }, async (req) =>
    profile.get(await user(req)),
  );

  app.post(
    '/api/profile',
    { ...small, schema: { tags, body: profileBodySchema, response: { 200: profileReplySchema } } },
    async (req) => profile.create(await user(req), req.body),
  );

  app.put(
    '/api/profile',
    { ...small, schema: { tags, body: profileBodySchema, response: { 200: profileReplySchema } } },
    async (req) => profile.update(await user(req), req.body),
  );

  app.post(
    '/api/profile/login',
    { ...small, schema: { tags, response: { 200: messageReplySchema } } },
    async (req) => {
      await profile.recordLogin(await user(req));
      return { message: 'Last login recorded' };
    },
  );

  app.delete(
    '/api/account',
    { ...small, schema: { tags, body: deleteAccountBodySchema, response: { 200: messageReplySchema } } },
    async (req, reply) => {
      await profile.deleteAccount(await user(req), req.body.email, req.body.password);
      reply.header('clear-site-data', '"cache", "storage"');
      return { message: PROFILE_MESSAGES.deleted };
    },
  );
}
