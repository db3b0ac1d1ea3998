import {
  createPreferencesBodySchema,
  dateTrackingBodySchema,
  preferencesReplySchema,
  updatePreferencesBodySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { requireSession } from '../../http/authenticate.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createPreferencesService } from './service.ts';

export function preferencesRoutes(app: ZodApp, deps: AppDeps): void {
  const preferences = createPreferencesService(deps);
  const tags = ['preferences'];
  const small = { bodyLimit: SMALL_BODY };

  app.get(
    '/api/user/program-preferences',
    { schema: { tags, response: { 200: preferencesReplySchema } } },
    async (req) => preferences.get((await requireSession(deps, req)).user),
  );

  app.post(
    '/api/user/program-preferences',
    {
      ...small,
      schema: { tags, body: createPreferencesBodySchema, response: { 200: preferencesReplySchema } },
    },
    async (req) => preferences.create((await requireSession(deps, req)).user, req.body),
  );

  app.put(
    '/api/user/program-preferences',
    {
      ...small,
      schema: { tags, body: updatePreferencesBodySchema, response: { 200: preferencesReplySchema } },
    },
    async (req) => preferences.update((await requireSession(deps, req)).user, req.body),
  );

  app.put(
    '/api/user/preferences/date-tracking',
    { ...small, schema: { tags, body: dateTrackingBodySchema, response: { 200: dateTrackingBodySchema } } },
    async (req) => {
      await preferences.setDateTracking(
        (await requireSession(deps, req)).user,
        req.body.date_display_opted_out,
      );
      return { date_display_opted_out: req.body.date_display_opted_out };
    },
  );
}
