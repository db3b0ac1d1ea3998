import { notificationListReplySchema, notificationSettingsSchema } from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createNotificationService } from './service.ts';

export function notificationRoutes(app: ZodApp, deps: AppDeps): void {
  const notifications = createNotificationService(deps);
  const tags = ['notifications'];
  const self = { access: 'self' } as const;

  app.get(
    '/api/notifications',
    { config: self, schema: { tags, response: { 200: notificationListReplySchema } } },
    async (req) => notifications.list(userOf(req)),
  );

  app.post(
    '/api/notifications/read',
    { config: self, schema: { tags, response: { 200: notificationListReplySchema } } },
    async (req) => notifications.markRead(userOf(req)),
  );

  app.get(
    '/api/notifications/settings',
    { config: self, schema: { tags, response: { 200: notificationSettingsSchema } } },
    async (req) => notifications.settings(userOf(req)),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: self,
      bodyLimit: SMALL_BODY,
      schema: { tags, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
    },
    async (req) => notifications.updateSettings(userOf(req), req.body),
  );
}
