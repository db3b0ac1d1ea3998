import { feedbackBodySchema, messageReplySchema } from '@sam/core';
import { insertFeedback } from '../../db/feedback.ts';
import type { AppDeps } from '../../deps.ts';
import { requireSession } from '../../http/authenticate.ts';
import { MINUTE } from '../../http/rateLimit.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';

export const FEEDBACK_THANKS = 'Thank you!';
const FEEDBACK_PER_HOUR = 30;

export function feedbackRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    '/api/feedback',
    {
      bodyLimit: SMALL_BODY,
      schema: { tags: ['feedback'], body: feedbackBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      const { user } = await requireSession(deps, req);
      await deps.limiter.hit(`feedback:${user.id}`, FEEDBACK_PER_HOUR, 60 * MINUTE);
      // The sender is the signed-in account, whatever the body claims.
      await insertFeedback(deps.db, {
        user_id: user.id,
        user_email: user.email,
        location: req.body.locationInApp,
        feedback_type: req.body.feedbackType,
        feedback_text: req.body.feedbackText,
        device_info: JSON.stringify(req.body.deviceInfo),
        reviewed: 0,
        admin_notes: null,
        created_at: deps.now(),
      });
      return { message: FEEDBACK_THANKS };
    },
  );
}
