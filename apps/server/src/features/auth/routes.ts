import {
  changePasswordBodySchema,
  confirmBodySchema,
  emailOnlyBodySchema,
  loginBodySchema,
  messageReplySchema,
  preloginBodySchema,
  preloginReplySchema,
  resetPasswordBodySchema,
  sessionReplySchema,
  sessionUserSchema,
  signupBodySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { sessionOf, userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { AUTH_REPLIES, type Client, createAuthService, toSessionUser } from './service.ts';

const clientOf = (req: FastifyRequest): Client => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export function authRoutes(app: ZodApp, deps: AppDeps): void {
  const auth = createAuthService(deps);
  const small = { bodyLimit: SMALL_BODY };
  const tags = ['auth'];

  app.post(
    '/api/auth/prelogin',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: preloginBodySchema, response: { 200: preloginReplySchema } },
    },
    (req) => auth.prelogin(req.body.email, req.ip),
  );

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: signupBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => ({ message: await auth.signup(req.body, req.ip) }),
  );

  app.post(
    '/api/auth/confirm',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: confirmBodySchema, response: { 200: sessionReplySchema } },
    },
    (req) => auth.confirm(req.body.email, req.body.code, clientOf(req)),
  );

  app.post(
    '/api/auth/resend-confirmation',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: emailOnlyBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => ({ message: await auth.resendConfirmation(req.body.email, req.ip) }),
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: loginBodySchema, response: { 200: sessionReplySchema } },
    },
    (req) => auth.login(req.body.email, req.body.password, clientOf(req)),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: emailOnlyBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => ({ message: await auth.forgotPassword(req.body.email, req.ip) }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: resetPasswordBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => ({ message: await auth.resetPassword(req.body, req.ip) }),
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'self' }, ...small, schema: { tags, response: { 200: messageReplySchema } } },
    async (req, reply) => {
      const session = sessionOf(req);
      await auth.logout(session.tokenHash);
      reply.header('clear-site-data', '"cache", "storage"');
      return { message: AUTH_REPLIES.loggedOut };
    },
  );

  app.get(
    '/api/whoami',
    { config: { access: 'self' }, schema: { tags, response: { 200: sessionUserSchema } } },
    async (req) => toSessionUser(userOf(req)),
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: changePasswordBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => ({ message: await auth.changePassword(sessionOf(req), req.body) }),
  );
}
