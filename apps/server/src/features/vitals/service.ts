import type { VitalBody } from '@sam/core';
import { insertVital } from '../../db/webVitals.ts';
import type { AppDeps } from '../../deps.ts';
import { MINUTE } from '../../http/rateLimit.ts';

export function createVitalsService(deps: AppDeps) {
  return {
    /**
     * Stores one page-speed figure, limited per address. It names no account, even when a session token is
     * sent along: a page and a time per person would be a record of when they used the app.
     */
    async record(ip: string, body: VitalBody): Promise<void> {
      await deps.limiter.hit(`ip:vitals:${ip}`, deps.config.rateLimits.vitalsPerIp, MINUTE);
      await insertVital(deps.db, {
        name: body.name,
        value: body.value,
        rating: body.rating,
        page: body.page,
        navigation_type: body.navigationType ?? null,
        created_at: deps.now(),
      });
    },
  };
}
