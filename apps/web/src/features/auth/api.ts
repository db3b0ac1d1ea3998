import type {
  KeyRecord,
  KeyRecordBody,
  KeyWrappingsReply,
  MessageReply,
  PreloginReply,
  ResetPasswordBody,
  SessionReply,
  SessionUser,
  SignupBody,
} from '@sam/core';
import { ApiError, http } from '../../app/http.ts';
import type { KeysApi } from '../../crypto/index.ts';

export const authApi = {
  prelogin: (email: string) => http.post<PreloginReply>('/api/auth/prelogin', { email }),
  signup: (body: SignupBody) => http.post<MessageReply>('/api/auth/signup', body),
  confirm: (email: string, code: string) => http.post<SessionReply>('/api/auth/confirm', { email, code }),
  resendConfirmation: (email: string) => http.post<MessageReply>('/api/auth/resend-confirmation', { email }),
  login: (email: string, password: string) => http.post<SessionReply>('/api/auth/login', { email, password }),
  forgotPassword: (email: string) => http.post<MessageReply>('/api/auth/forgot-password', { email }),
  resetPassword: (body: ResetPasswordBody) => http.post<MessageReply>('/api/auth/reset-password', body),
  logout: () => http.post<MessageReply>('/api/auth/logout'),
  whoami: () => http.get<SessionUser>('/api/whoami'),
  recordLogin: () => http.post<MessageReply>('/api/profile/login'),
};

/** The key-record routes the crypto module needs; a missing record is null, not an error. */
export const keysApi: KeysApi = {
  async get(userId: string): Promise<KeyRecord | null> {
    try {
      return await http.get<KeyRecord>(`/api/user/keys/${encodeURIComponent(userId)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  put: (body: KeyRecordBody) => http.post<KeyRecord>('/api/user/keys', body),
  wrappings: async (userId: string) =>
    (await http.get<KeyWrappingsReply>(`/api/user/keys/${encodeURIComponent(userId)}/wrappings`)).wrappings,
};
