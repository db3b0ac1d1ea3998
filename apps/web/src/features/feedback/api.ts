import type { FeedbackBody, MessageReply } from '@sam/core';
import { http } from '../../app/http.ts';

export const feedbackApi = {
  submit: (body: FeedbackBody) => http.post<MessageReply>('/api/feedback', body),
};
