import {
  type KeyRecord,
  type KeyRecordBody,
  keyRecordSchema,
  keyWrappingsReplySchema,
  messageReplySchema,
  preloginReplySchema,
  type ResetPasswordBody,
  type SignupBody,
  sessionReplySchema,
  sessionUserSchema,
} from '@sam/core';
import { http, request } from '../../app/http.ts';
import type { KeysApi } from '../../crypto/index.ts';

export const authApi = {
  prelogin: (email: string) => http.post('/api/auth/prelogin', preloginReplySchema, { email }),
  signup: (body: SignupBody) => http.post('/api/auth/signup', messageReplySchema, body),
  confirm: (email: string, code: string) =>
    http.post('/api/auth/confirm', sessionReplySchema, { email, code }),
  resendConfirmation: (email: string) =>
    http.post('/api/auth/resend-confirmation', messageReplySchema, { email }),
  login: (email: string, password: string) =>
    http.post('/api/auth/login', sessionReplySchema, { email, password }),
  forgotPassword: (email: string) => http.post('/api/auth/forgot-password', messageReplySchema, { email }),
  resetPassword: (body: ResetPasswordBody) => http.post('/api/auth/reset-password', messageReplySchema, body),
  /** The password checked for the current session (after a lock); the session goes on, none is made. */
  unlock: (password: string) => http.post('/api/auth/sessions/unlock', messageReplySchema, { password }),
  /** The session check; `sentAhead`: the same request already sent, whose reply is read instead. */
  whoami: (sentAhead?: Promise<Response>) =>
    sentAhead
      ? request('/api/whoami', sessionUserSchema, {}, { fetch: () => sentAhead, storage: null })
      : http.get('/api/whoami', sessionUserSchema),
  recordLogin: () => http.post('/api/profile/login', messageReplySchema),
};

/** The key-record routes the crypto module needs; the server answers null before the first key. */
export const keysApi: KeysApi & {
  recoverySaved(userId: string, recoveryEncryptedKey: string): Promise<KeyRecord>;
} = {
  get: (userId: string): Promise<KeyRecord | null> =>
    http.get(`/api/user/keys/${encodeURIComponent(userId)}`, keyRecordSchema.nullable()),
  put: (body: KeyRecordBody) => http.post('/api/user/keys', keyRecordSchema, body),
  wrappings: async (userId: string) =>
    (await http.get(`/api/user/keys/${encodeURIComponent(userId)}/wrappings`, keyWrappingsReplySchema))
      .wrappings,
  /** "I have saved it" for the recovery code of this wrapping, recorded so every device stops asking. */
  recoverySaved: (userId: string, recoveryEncryptedKey: string) =>
    http.put(`/api/user/keys/${encodeURIComponent(userId)}/recovery-saved`, keyRecordSchema, {
      recoveryEncryptedKey,
    }),
};

/** The query of the account's key record: the dashboard and Profile read whether its code was saved. */
export const keyRecordQueryKey = (userId: string) => ['key-record', userId] as const;
