import { messageReplySchema, sessionsReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** "Where you're signed in": the account's live sessions, and ending them. */
export const sessionsApi = {
  list: () => http.get('/api/auth/sessions', sessionsReplySchema),
  signOut: (id: string) => http.delete(`/api/auth/sessions/${encodeURIComponent(id)}`, messageReplySchema),
  signOutOthers: () => http.post('/api/auth/sessions/sign-out-others', messageReplySchema, {}),
};
