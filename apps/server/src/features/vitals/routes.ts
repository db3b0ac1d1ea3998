import { vitalBodySchema } from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createVitalsService } from './service.ts';

export function vitalsRoutes(app: ZodApp, deps: AppDeps): void {
  const vitals = createVitalsService(deps);
  app.post(
    '/api/vitals',
    {
      config: { access: 'public' },
      bodyLimit: SMALL_BODY,
      schema: { tags: ['vitals'], body: vitalBodySchema },
    },
    async (req, reply) => {
      await vitals.record(req.ip, req.body);
      return reply.status(204).send();
    },
  );
}
