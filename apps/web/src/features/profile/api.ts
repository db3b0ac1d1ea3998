import {
  type ChangePasswordBody,
  dateTrackingBodySchema,
  messageReplySchema,
  type ProfileBody,
  profileReplySchema,
} from '@sam/core';
import { http } from '../../app/http.ts';

/** The profile and account routes (a password change is prepared in changePassword.ts). */
export const profileApi = {
  /** null until the profile is made. */
  get: () => http.get('/api/profile', profileReplySchema.nullable()),
  create: (body: ProfileBody = {}) => http.post('/api/profile', profileReplySchema, body),
  update: (body: ProfileBody) => http.put('/api/profile', profileReplySchema, body),
  /** The server answers with the setting as stored, in the shape it was sent. */
  setDateTracking: (date_display_opted_out: boolean) =>
    http.put('/api/user/preferences/date-tracking', dateTrackingBodySchema, { date_display_opted_out }),
  changePassword: (body: ChangePasswordBody) =>
    http.post('/api/auth/change-password', messageReplySchema, body),
  deleteAccount: (email: string, password: string) =>
    http.delete('/api/account', messageReplySchema, { email, password }),
};
