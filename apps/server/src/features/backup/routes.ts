import {
  backupClearBodySchema,
  backupRestoreBodySchema,
  backupRestoreReplySchema,
  MAX_RESTORE_BODY,
  messageReplySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createBackupService } from './service.ts';

export function backupRoutes(app: ZodApp, deps: AppDeps): void {
  const backup = createBackupService(deps);
  const tags = ['backup'];
  const restoreTurns = new WeakMap<FastifyRequest, () => Promise<void>>();
  const endTurn = async (req: FastifyRequest) => {
    const end = restoreTurns.get(req);
    restoreTurns.delete(req);
    await end?.();
  };

  app.post(
    '/api/backup/restore',
    {
      config: { access: 'self' },
      bodyLimit: MAX_RESTORE_BODY,
      schema: { tags, body: backupRestoreBodySchema, response: { 200: backupRestoreReplySchema } },
      // Admitted before the body is read: a refused restore never holds its megabytes in memory.
      onRequest: async (req) => {
        restoreTurns.set(req, await backup.admitRestore(userOf(req)));
      },
      // Ended before the reply is written, so a client that retries at once finds its turn free.
      onSend: async (req, _reply, payload) => {
        await endTurn(req);
        return payload;
      },
      onResponse: endTurn,
      onRequestAbort: endTurn,
    },
    async (req) => {
      const restored = await backup.restore(userOf(req), req.body);
      return { message: 'Progress restored', ...restored };
    },
  );

  app.post(
    '/api/backup/clear',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: backupClearBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await backup.clear(userOf(req), req.body?.password);
      return { message: 'Progress cleared' };
    },
  );
}
