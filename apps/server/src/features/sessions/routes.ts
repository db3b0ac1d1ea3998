import { messageReplySchema, SESSIONS_MESSAGES, sessionIdParamsSchema, sessionsReplySchema } from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { requireSession } from '../../http/authenticate.ts';
import type { ZodApp } from '../../http/types.ts';
import { createSessionsService } from './service.ts';

export function sessionsRoutes(app: ZodApp, deps: AppDeps): void {
  const sessions = createSessionsService(deps);
  const tags = ['auth'];

  app.get(
    '/api/auth/sessions',
    { schema: { tags, response: { 200: sessionsReplySchema } } },
    async (req) => ({
      sessions: await sessions.list(await requireSession(deps, req)),
    }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { tags, params: sessionIdParamsSchema, response: { 200: messageReplySchema } } },
    async (req) => {
      await sessions.signOut(await requireSession(deps, req), req.params.id);
      return { message: SESSIONS_MESSAGES.signedOut };
    },
  );

  app.post(
    '/api/auth/sessions/sign-out-others',
    { schema: { tags, response: { 200: messageReplySchema } } },
    async (req) => {
      await sessions.signOutOthers(await requireSession(deps, req));
      return { message: SESSIONS_MESSAGES.signedOutOthers };
    },
  );
}
