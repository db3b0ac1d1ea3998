import type { MessageReply, SessionsReply } from '@sam/core';
import { http } from '../../app/http.ts';

/** "Where you're signed in": the account's live sessions, and ending them. */
export const sessionsApi = {
  list: () => http.get<SessionsReply>('/api/auth/sessions'),
  signOut: (id: string) => http.delete<MessageReply>(`/api/auth/sessions/${encodeURIComponent(id)}`),
  signOutOthers: () => http.post<MessageReply>('/api/auth/sessions/sign-out-others', {}),
};
