import { dateTrackingBodySchema } from '@sam/core';
import { setDateDisplayOptedOut } from '../../db/preferences.ts';
import type { AppDeps } from '../../deps.ts';
import { requireSession } from '../../http/authenticate.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';

export function preferencesRoutes(app: ZodApp, deps: AppDeps): void {
  app.put(
    '/api/user/preferences/date-tracking',
    {
      bodyLimit: SMALL_BODY,
      schema: {
        tags: ['preferences'],
        body: dateTrackingBodySchema,
        response: { 200: dateTrackingBodySchema },
      },
    },
    async (req) => {
      const { user } = await requireSession(deps, req);
      await setDateDisplayOptedOut(deps.db, user.id, req.body.date_display_opted_out, deps.now());
      return { date_display_opted_out: req.body.date_display_opted_out };
    },
  );
}
