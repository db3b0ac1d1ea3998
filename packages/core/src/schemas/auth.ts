import { z } from 'zod';
import {
  KDF_MAX_ITERATIONS,
  KDF_MIN_ITERATIONS,
  KDF_NAME,
  NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
  ROLES,
} from '../constants.ts';
import { base64, emailSchema } from './common.ts';

/**
 * The `password` sent by the browser is base64(authKey), never the typed password
 * (docs/decisions/0021-the-key-hierarchy.md).
 */
export const authValueSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password is required')
  .max(512, 'Password is too long');

export const kdfParamsSchema = z.object({
  salt: base64(64, { length: 16, message: 'kdf.salt is too short' }),
  iterations: z.number().int().min(KDF_MIN_ITERATIONS).max(KDF_MAX_ITERATIONS),
});
export type KdfParams = z.infer<typeof kdfParamsSchema>;

export const codeSchema = z
  .string({ error: 'Verification code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/**
 * A person's name reaches other people (a sponsor's list, an invitation mail), so it holds only what a name
 * needs: letters of any script, digits, spaces, hyphens, apostrophes and periods; no control, invisible or
 * direction-changing characters that could disguise it.
 */
export const nameSchema = z
  .string({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(NAME_MAX_LENGTH, `First name must be at most ${NAME_MAX_LENGTH} characters`)
  .regex(
    PERSON_NAME_PATTERN,
    'First name may hold letters, digits, spaces, hyphens, apostrophes and periods only',
  );

export const preloginBodySchema = z.object({ email: emailSchema });
export const preloginReplySchema = z.object({
  kdf: z.literal(KDF_NAME),
  iterations: z.number().int(),
  salt: z.string(),
});
export type PreloginReply = z.infer<typeof preloginReplySchema>;

export const signupBodySchema = z.object({
  email: emailSchema,
  password: authValueSchema,
  name: nameSchema,
  kdf: kdfParamsSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const confirmBodySchema = z.object({ email: emailSchema, code: codeSchema });
export const emailOnlyBodySchema = z.object({ email: emailSchema });
export const loginBodySchema = z.object({ email: emailSchema, password: authValueSchema });
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  code: codeSchema,
  new_password: authValueSchema,
  kdf: kdfParamsSchema.optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const sessionUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  sub: z.string(),
  /** The account id: what the browser binds writing and keys to, so that they survive an e-mail change. */
  id: z.string(),
  /** 1 while some writing may still be bound to `v1Binding` (the e-mail it was written under); then 2. */
  contentBinding: z.number().int(),
  v1Binding: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionReplySchema = z.object({
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});
export type SessionReply = z.infer<typeof sessionReplySchema>;
