import { feedbackBodySchema, messageReplySchema } from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createFeedbackService, FEEDBACK_THANKS } from './service.ts';

export function feedbackRoutes(app: ZodApp, deps: AppDeps): void {
  const feedback = createFeedbackService(deps);
  app.post(
    '/api/feedback',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags: ['feedback'], body: feedbackBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await feedback.send(userOf(req), req.body);
      return { message: FEEDBACK_THANKS };
    },
  );
}
