import {
  createPreferencesBodySchema,
  dateTrackingBodySchema,
  preferencesReplySchema,
  updatePreferencesBodySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createPreferencesService } from './service.ts';

export function preferencesRoutes(app: ZodApp, deps: AppDeps): void {
  const preferences = createPreferencesService(deps);
  const tags = ['preferences'];
  const small = { bodyLimit: SMALL_BODY };

  app.get(
    '/api/user/program-preferences',
    { config: { access: 'self' }, schema: { tags, response: { 200: preferencesReplySchema.nullable() } } },
    async (req) => preferences.get(userOf(req)),
  );

  app.post(
    '/api/user/program-preferences',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: createPreferencesBodySchema, response: { 200: preferencesReplySchema } },
    },
    async (req) => preferences.create(userOf(req), req.body),
  );

  app.put(
    '/api/user/program-preferences',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: updatePreferencesBodySchema, response: { 200: preferencesReplySchema } },
    },
    async (req) => preferences.update(userOf(req), req.body),
  );

  app.put(
    '/api/user/preferences/date-tracking',
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: dateTrackingBodySchema, response: { 200: dateTrackingBodySchema } },
    },
    async (req) => {
      await preferences.setDateTracking(userOf(req), req.body.date_display_opted_out);
      return { date_display_opted_out: req.body.date_display_opted_out };
    },
  );
}
