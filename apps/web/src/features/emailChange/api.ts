import { emailChangeConfirmReplySchema, messageReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** Profile → Change e-mail. The only place that builds its URLs. */
export const emailChangeApi = {
  start: (newEmail: string, password: string) =>
    http.post('/api/user/email-change', messageReplySchema, { newEmail, password }),
  confirm: (newEmail: string, code: string) =>
    http.post('/api/user/email-change/confirm', emailChangeConfirmReplySchema, { newEmail, code }),
};
