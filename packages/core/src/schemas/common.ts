import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.ts';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** Every error reply of the API. */
export const errorReplySchema = z.object({
  detail: z.string(),
  code: z.string(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Standard base64 as one pattern, for the API documentation (isBase64 checks the same, faster). */
export const BASE64_PATTERN = '^[A-Za-z0-9+/]*={0,2}$';
const OUTSIDE_BASE64 = /[^A-Za-z0-9+/=]/;

/**
 * Standard base64: the alphabet, then at most two '=' at the end. Written as a search for a stray
 * character rather than one anchored pattern, which V8 runs about five times faster on the long
 * ciphertexts SAM stores.
 */
export function isBase64(text: string): boolean {
  if (OUTSIDE_BASE64.test(text)) return false;
  const padding = text.indexOf('=');
  return padding === -1 || (padding >= text.length - 2 && text.endsWith('='));
}

/**
 * Standard base64 (with padding), bounded. The pattern is published in the API documentation; it is set
 * last because zod's length methods make a new schema without it, so lengths are arguments here.
 */
export const base64 = (maxLength: number, min?: { length: number; message?: string }) =>
  z
    .string()
    .min(min?.length ?? 0, min?.message)
    .max(maxLength, `Must be at most ${maxLength} characters`)
    .refine(isBase64, 'Must be base64')
    .meta({ pattern: BASE64_PATTERN });
