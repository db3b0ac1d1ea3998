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

/** Standard base64 (with padding), bounded. */
export const base64 = (maxLength: number) =>
  z
    .string()
    .max(maxLength, `Must be at most ${maxLength} characters`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64');
