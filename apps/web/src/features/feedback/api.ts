import { type FeedbackBody, messageReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

export const feedbackApi = {
  submit: (body: FeedbackBody) => http.post('/api/feedback', messageReplySchema, body),
};
