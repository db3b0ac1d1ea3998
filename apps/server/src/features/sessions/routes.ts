import {
  messageReplySchema,
  SESSIONS_MESSAGES,
  sessionIdParamsSchema,
  sessionsReplySchema,
  unlockBodySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createSessionsService } from './service.ts';

export function sessionsRoutes(app: ZodApp, deps: AppDeps): void {
  const sessions = createSessionsService(deps);
  const tags = ['auth'];

  app.get(
    '/api/auth/sessions',
    { config: { access: 'self' }, schema: { tags, response: { 200: sessionsReplySchema } } },
    async (req) => ({
      sessions: await sessions.list(sessionOf(req)),
    }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: 'self' },
      schema: { tags, params: sessionIdParamsSchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await sessions.signOut(sessionOf(req), req.params.id);
      return { message: SESSIONS_MESSAGES.signedOut };
    },
  );

  app.post(
    '/api/auth/sessions/sign-out-others',
    { config: { access: 'self' }, schema: { tags, response: { 200: messageReplySchema } } },
    async (req) => {
      await sessions.signOutOthers(sessionOf(req));
      return { message: SESSIONS_MESSAGES.signedOutOthers };
    },
  );

  // Unlocking after the idle lock or a quick exit: the password is checked for this session's account, and
  // the same session goes on (a new sign-in would leave a second one alive beside it).
  app.post(
    '/api/auth/sessions/unlock',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: unlockBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await sessions.unlock(sessionOf(req), req.body.password);
      return { message: SESSIONS_MESSAGES.unlocked };
    },
  );
}
