import type { MessageReply, SessionUser } from '@sam/core';
import { http } from '../../app/http.ts';

/** Profile → Change e-mail. The only place that builds its URLs. */
export const emailChangeApi = {
  start: (newEmail: string, password: string) =>
    http.post<MessageReply>('/api/user/email-change', { newEmail, password }),
  confirm: (newEmail: string, code: string) =>
    http.post<{ message: string; user: SessionUser }>('/api/user/email-change/confirm', { newEmail, code }),
};
