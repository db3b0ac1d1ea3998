import { messageReplySchema, SESSIONS_MESSAGES, sessionIdParamsSchema, sessionsReplySchema } from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import type { ZodApp } from '../../http/types.ts';
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
}
