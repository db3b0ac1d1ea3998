import type { feedbackBodySchema } from '@sam/core';
import type { z } from 'zod';
import { insertFeedback } from '../../db/feedback.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { HOUR } from '../../http/rateLimit.ts';

export const FEEDBACK_THANKS = 'Thank you!';
const FEEDBACK_PER_HOUR = 30;

export function createFeedbackService(deps: AppDeps) {
  return {
    /** Stores one message for the admins, under the signed-in account whatever the body claims. */
    async send(user: UserRow, body: z.output<typeof feedbackBodySchema>): Promise<void> {
      await deps.limiter.hit(`feedback:${user.id}`, FEEDBACK_PER_HOUR, HOUR);
      await insertFeedback(deps.db, {
        user_id: user.id,
        user_email: user.email,
        location: body.locationInApp,
        feedback_type: body.feedbackType,
        feedback_text: body.feedbackText,
        device_info: JSON.stringify(body.deviceInfo),
        reviewed: 0,
        admin_notes: null,
        created_at: deps.now(),
      });
    },
  };
}
