import {
  backupRestoreBodySchema,
  backupRestoreReplySchema,
  MAX_RESTORE_BODY,
  messageReplySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { requireSession } from '../../http/authenticate.ts';
import type { ZodApp } from '../../http/types.ts';
import { createBackupService } from './service.ts';

export function backupRoutes(app: ZodApp, deps: AppDeps): void {
  const backup = createBackupService(deps);
  const tags = ['backup'];
  const user = async (req: Parameters<typeof requireSession>[1]) => (await requireSession(deps, req)).user;
  const restoreTurns = new WeakMap<FastifyRequest, () => Promise<void>>();
  const endTurn = async (req: FastifyRequest) => {
    await restoreTurns.get(req)?.();
    restoreTurns.delete(req);
  };

  app.post(
    '/api/backup/restore',
    {
      bodyLimit: MAX_RESTORE_BODY,
      schema: { tags, body: backupRestoreBodySchema, response: { 200: backupRestoreReplySchema } },
      // Admitted before the body is read: a refused restore never holds its megabytes in memory.
      onRequest: async (req) => {
        restoreTurns.set(req, await backup.admitRestore(await user(req)));
      },
      onResponse: endTurn,
      onRequestAbort: endTurn,
    },
    async (req) => {
      const restored = await backup.restore(await user(req), req.body);
      return { message: 'Progress restored', ...restored };
    },
  );

  app.post('/api/backup/clear', { schema: { tags, response: { 200: messageReplySchema } } }, async (req) => {
    await backup.clear(await user(req));
    return { message: 'Progress cleared' };
  });
}
