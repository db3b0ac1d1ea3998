import {
  emailChangeConfirmBodySchema,
  emailChangeConfirmReplySchema,
  emailChangeStartBodySchema,
  messageReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createEmailChangeService } from './service.ts';

export function emailChangeRoutes(app: ZodApp, deps: AppDeps): void {
  const emailChange = createEmailChangeService(deps);
  const tags = ['profile'];

  app.post(
    '/api/user/email-change',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: emailChangeStartBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => ({
      message: await emailChange.start(userOf(req), req.body.newEmail, req.body.password),
    }),
  );

  app.post(
    '/api/user/email-change/confirm',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        body: emailChangeConfirmBodySchema,
        response: { 200: emailChangeConfirmReplySchema },
      },
    },
    async (req) => emailChange.confirm(userOf(req), req.body.newEmail, req.body.code),
  );
}
