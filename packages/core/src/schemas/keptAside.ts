import { z } from 'zod';
import { base64 } from './common.ts';
import { INVENTORY_TYPES, inventoryTypeSchema, MAX_INVENTORY_CIPHERTEXT } from './inventory.ts';
import { MAX_STEP_CIPHERTEXT, progressProgramSchema, trackSchema } from './progress.ts';

/**
 * Earlier writing kept aside when a person starts a step or an inventory over: the ciphertext as it was,
 * still bound to the place it came from, so it can be unlocked, read and put back later.
 */
export const KEPT_ASIDE_KINDS = ['step', 'inventory'] as const;
export type KeptAsideKind = (typeof KEPT_ASIDE_KINDS)[number];
export const MAX_KEPT_ASIDE_ITEMS = 50;
/** The largest ciphertext an item of each kind may hold: what its own slot accepts. */
export const MAX_KEPT_ASIDE_CIPHERTEXT: Record<KeptAsideKind, number> = {
  step: MAX_STEP_CIPHERTEXT,
  inventory: MAX_INVENTORY_CIPHERTEXT,
};
/** 12-byte IV and 16-byte tag in base64: nothing shorter can be an AES-GCM ciphertext of SAM's. */
const MIN_CIPHERTEXT = 40;

export const KEPT_ASIDE_MESSAGES = {
  notFound: 'That earlier writing was not found. It may have been put back or deleted already.',
  nothingToKeep: 'There is no saved writing here to keep aside.',
  tooMany: `You already keep ${MAX_KEPT_ASIDE_ITEMS} earlier versions aside. Delete some you no longer need from Profile, under Earlier writing, then try again.`,
  changedMeanwhile: 'This writing changed while SAM was keeping it aside. Please try again.',
  tooLong: (kind: KeptAsideKind) =>
    `encryptedData: Must be at most ${MAX_KEPT_ASIDE_CIPHERTEXT[kind]} characters for a ${kind}`,
  plainInventory:
    'This inventory holds entries that were saved without encryption, so SAM cannot keep them aside. Download them first, then try again.',
  deleted: 'Earlier writing deleted.',
} as const;

export const keptAsideIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not an id of earlier writing');
export const keptAsideParamsSchema = z.object({ id: keptAsideIdSchema });

/** The fields of each kind of slot, made where a schema is built (not as this module loads). */
const stepSlot = () => ({
  kind: z.literal('step'),
  program: progressProgramSchema,
  track: trackSchema,
  step_number: z
    .number({ error: 'step_number must be a number' })
    .int('step_number must be a whole number')
    .min(1, 'step_number must be between 1 and 12')
    .max(12, 'step_number must be between 1 and 12'),
});
const inventorySlot = () => ({ kind: z.literal('inventory'), inventory_type: inventoryTypeSchema });

/** "Start this item over": which slot's current writing to keep aside. */
export const keepAsideBodySchema = z.discriminatedUnion(
  'kind',
  [z.object(stepSlot()), z.object(inventorySlot())],
  { error: "kind must be 'step' or 'inventory'" },
);
export type KeepAsideBody = z.infer<typeof keepAsideBodySchema>;

/** The same writing re-encrypted in the browser under the active key (after an unlock). */
export const updateKeptAsideBodySchema = z.object({
  encryptedData: base64(MAX_INVENTORY_CIPHERTEXT, {
    length: MIN_CIPHERTEXT,
    message: 'encryptedData is too short to be encrypted writing',
  }),
});
export type UpdateKeptAsideBody = z.infer<typeof updateKeptAsideBodySchema>;

const itemFields = () => ({
  id: z.string(),
  encryptedData: z.string(),
  /** Inventory entries the ciphertext holds (0 for a step). */
  entry_count: z.number().int(),
  /** Whether the step or inventory was marked complete when it was kept aside. */
  completed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const keptAsideItemSchema = z.discriminatedUnion('kind', [
  z.object({
    ...itemFields(),
    kind: z.literal('step'),
    program: z.string(),
    track: z.string(),
    step_number: z.number().int(),
  }),
  z.object({ ...itemFields(), kind: z.literal('inventory'), inventory_type: z.enum(INVENTORY_TYPES) }),
]);
export type KeptAsideItem = z.infer<typeof keptAsideItemSchema>;

export const keptAsideListSchema = z.object({ items: z.array(keptAsideItemSchema) });

/** After a put-back: what the slot held until then, now kept aside in its place (null if it was empty). */
export const putBackReplySchema = z.object({ keptAside: keptAsideItemSchema.nullable() });
export type PutBackReply = z.infer<typeof putBackReplySchema>;

/**
 * The circles, abstinence dates and check-ins a clear or a restore replaced, kept aside whole (ciphertext
 * only) until the person puts them back or deletes them. At most this many copies are kept.
 */
export const MAX_KEPT_ASIDE_TOOLS = 5;

export const KEPT_ASIDE_TOOLS_MESSAGES = {
  notFound:
    'Those kept-aside circles and check-ins were not found. They may have been put back or deleted already.',
  tooMany: `SAM keeps a copy of the circles, abstinence dates and check-ins this replaces under Earlier writing, in Profile, and already keeps ${MAX_KEPT_ASIDE_TOOLS} such copies. Please delete one you no longer need there, then try again.`,
  deleted: 'Kept-aside circles and check-ins deleted.',
} as const;

/** One kept-aside copy, as the list shows it: what each part held; null for a part it did not replace. */
export const keptAsideToolsItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** How many versions of the circles, or null when the circles were left alone. */
  circleVersions: z.number().int().nullable(),
  /** Whether there were abstinence dates, or null when they were left alone. */
  abstinence: z.boolean().nullable(),
  /** How many check-ins, or null when the check-ins were left alone. */
  checkIns: z.number().int().nullable(),
});
export type KeptAsideToolsItem = z.infer<typeof keptAsideToolsItemSchema>;

export const keptAsideToolsListSchema = z.object({ items: z.array(keptAsideToolsItemSchema) });

/** After a put-back: what was there until then, kept aside in its place (null when it was all empty). */
export const putBackToolsReplySchema = z.object({ keptAside: keptAsideToolsItemSchema.nullable() });
export type PutBackToolsReply = z.infer<typeof putBackToolsReplySchema>;
