import type { ChangePasswordBody, MessageReply, ProfileBody, ProfileReply } from '@sam/core';
import { http } from '../../app/http.ts';

/** The profile and account routes (spec part 1 §7, part 2 §7; DESIGN.md §5 "Password change"). */
export const profileApi = {
  get: () => http.get<ProfileReply>('/api/profile'),
  create: (body: ProfileBody = {}) => http.post<ProfileReply>('/api/profile', body),
  update: (body: ProfileBody) => http.put<ProfileReply>('/api/profile', body),
  setDateTracking: (date_display_opted_out: boolean) =>
    http.put<MessageReply>('/api/user/preferences/date-tracking', { date_display_opted_out }),
  changePassword: (body: ChangePasswordBody) => http.post<MessageReply>('/api/auth/change-password', body),
  deleteAccount: (email: string, password: string) =>
    http.delete<MessageReply>('/api/account', { email, password }),
};
