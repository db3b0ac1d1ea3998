import { z } from 'zod';
import { base64 } from './common.ts';

/** A version's ciphertext: fifty items in each circle at their longest, a reason, and the encryption. */
export const MAX_CIRCLES_CIPHERTEXT = 200_000;
/** Versions kept for one person; at the cap the oldest are not deleted, the save is refused (409). */
export const MAX_CIRCLES_VERSIONS = 1000;

const ciphertext = (max: number) => base64(max, { length: 40, message: 'Must be a ciphertext' });
const versionNumber = z
  .number({ error: 'version must be a number' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(MAX_CIRCLES_VERSIONS, 'version is too large');

export const circlesVersionSchema = z.object({
  version: z.number().int(),
  ciphertext: z.string(),
  createdAt: z.iso.datetime(),
});
export type CirclesVersionRecord = z.infer<typeof circlesVersionSchema>;

/** GET /api/circles: every version, oldest first; an empty list before the first save. */
export const circlesReplySchema = z.object({ versions: z.array(circlesVersionSchema) });
export type CirclesReply = z.infer<typeof circlesReplySchema>;

/**
 * POST /api/circles: a new version. `basedOn` is the version the browser changed (null for the first):
 * when another save came in meanwhile the server answers 409, so no change is lost to a race.
 */
export const saveCirclesBodySchema = z.object({
  basedOn: versionNumber.nullable(),
  ciphertext: ciphertext(MAX_CIRCLES_CIPHERTEXT),
});
export type SaveCirclesBody = z.infer<typeof saveCirclesBodySchema>;
export const saveCirclesReplySchema = z.object({ version: z.number().int(), createdAt: z.iso.datetime() });
export type SaveCirclesReply = z.infer<typeof saveCirclesReplySchema>;

/** The `code` of a refused save: another save came first (stale), or the history is at its cap (full). */
export const CIRCLES_CONFLICT_CODES = { stale: 'stale_circles', full: 'too_many_circles_versions' } as const;

export const CIRCLES_MESSAGES = {
  stale:
    'Your circles were changed in another window meanwhile. Reload to see the newest version, then make your change again.',
  full: `You have ${MAX_CIRCLES_VERSIONS} versions of your circles, the most SAM keeps.`,
  saved: 'Circles saved',
} as const;
