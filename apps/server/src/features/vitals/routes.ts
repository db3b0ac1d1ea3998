import { vitalBodySchema } from '@sam/core';
import { insertVital } from '../../db/webVitals.ts';
import type { AppDeps } from '../../deps.ts';
import { MINUTE } from '../../http/rateLimit.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';

export function vitalsRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    '/api/vitals',
    { bodyLimit: SMALL_BODY, schema: { tags: ['vitals'], body: vitalBodySchema } },
    async (req, reply) => {
      await deps.limiter.hit(`ip:vitals:${req.ip}`, deps.config.rateLimits.vitalsPerIp, MINUTE);
      // Anonymous by design (migration 011): a token sent along is neither read nor stored.
      await insertVital(deps.db, {
        name: req.body.name,
        value: req.body.value,
        rating: req.body.rating,
        page: req.body.page,
        navigation_type: req.body.navigationType ?? null,
        created_at: deps.now(),
      });
      return reply.status(204).send();
    },
  );
}
