import { z } from 'zod';
import { base64, emailSchema } from './common.ts';

export const KDF_NAME = 'PBKDF2-SHA256';
export const KDF_ITERATIONS = 600_000;
export const KDF_MIN_ITERATIONS = 100_000;
export const KDF_MAX_ITERATIONS = 10_000_000;
export const CODE_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;

/** The `password` sent by the browser is base64(authKey), never the typed password (DESIGN.md §5). */
export const authValueSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password is required')
  .max(512, 'Password is too long');

export const kdfParamsSchema = z.object({
  salt: base64(64).min(16, 'kdf.salt is too short'),
  iterations: z.number().int().min(KDF_MIN_ITERATIONS).max(KDF_MAX_ITERATIONS),
});
export type KdfParams = z.infer<typeof kdfParamsSchema>;

export const codeSchema = z
  .string({ error: 'Verification code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const nameSchema = z
  .string({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(NAME_MAX_LENGTH, `First name must be at most ${NAME_MAX_LENGTH} characters`);

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

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const sessionUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  sub: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionReplySchema = z.object({
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});
export type SessionReply = z.infer<typeof sessionReplySchema>;
