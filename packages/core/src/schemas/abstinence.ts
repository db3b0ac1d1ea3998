import { z } from 'zod';
import { base64 } from './common.ts';

/** A thousand periods with their notes at their longest would not fit; a lifetime of real ones does. */
export const MAX_ABSTINENCE_CIPHERTEXT = 400_000;

export const abstinenceRecordReplySchema = z.object({
  ciphertext: z.string(),
  /** Counts the saves; a save names the revision it changed. */
  revision: z.number().int(),
  updatedAt: z.iso.datetime(),
});
/** GET /api/abstinence: null before the first save. */
export const abstinenceReplySchema = z.object({ abstinence: abstinenceRecordReplySchema.nullable() });
export type AbstinenceReply = z.infer<typeof abstinenceReplySchema>;

/** PUT /api/abstinence: `revision` is the one the browser changed (0 for the first save); 409 when stale. */
export const saveAbstinenceBodySchema = z.object({
  revision: z
    .number({ error: 'revision must be a number' })
    .int('revision must be a whole number')
    .min(0, 'revision cannot be negative')
    .max(Number.MAX_SAFE_INTEGER, 'revision is too large'),
  ciphertext: base64(MAX_ABSTINENCE_CIPHERTEXT, { length: 40, message: 'Must be a ciphertext' }),
});
export type SaveAbstinenceBody = z.infer<typeof saveAbstinenceBodySchema>;
export const saveAbstinenceReplySchema = z.object({
  revision: z.number().int(),
  updatedAt: z.iso.datetime(),
});

export const ABSTINENCE_API_MESSAGES = {
  stale: 'Your abstinence dates were changed in another window meanwhile. Reload and make your change again.',
} as const;
