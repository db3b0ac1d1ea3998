import { z } from 'zod';
import { MAX_SPACE_COMMENT_CIPHERTEXT, SPACE_ITEM_KEYS } from '../sponsorSpace.ts';
import { authValueSchema } from './auth.ts';
import { base64 } from './common.ts';
import { MAX_INVENTORY_CIPHERTEXT } from './inventory.ts';
import { relationshipIdSchema } from './sponsorship.ts';

export * from '../sponsorSpace.ts';

/** A P-256 public key (65 bytes) and an HPKE encapsulated key are 88 characters of base64. */
const publicKeySchema = base64(88, { length: 88, message: 'Must be a 65-byte public key' });
/** 12-byte IV and 16-byte tag in base64: nothing shorter can be a ciphertext of SAM's. */
const ciphertext = (max: number) => base64(max, { length: 40, message: 'Must be a ciphertext' });
const generationSchema = z
  .number({ error: 'generation must be a number' })
  .int('generation must be a whole number')
  .min(1, 'generation must be at least 1')
  .max(1_000_000, 'generation is too large');
const userIdSchema = z.string().min(1).max(64);

export const identityKeySchema = z.object({
  publicKey: publicKeySchema,
  /** The private key and its public key, under the owner's data key. */
  encryptedPrivateKey: ciphertext(1024),
});
export type IdentityKeyRecord = z.infer<typeof identityKeySchema>;

/** GET /api/user/identity-key: null until the browser made one at a sign-in. */
export const identityKeyReplySchema = z.object({ identityKey: identityKeySchema.nullable() });
export type IdentityKeyReply = z.infer<typeof identityKeyReplySchema>;

/**
 * PUT /api/user/identity-key: `replaces` names the public key a new pair takes over from (after a fresh data
 * key); replacing one needs the password again (`password`, the auth value), since a swapped key would
 * read what is shared afterwards.
 */
export const putIdentityKeyBodySchema = identityKeySchema.extend({
  replaces: publicKeySchema.optional(),
  password: authValueSchema.optional(),
});
export type PutIdentityKeyBody = z.infer<typeof putIdentityKeyBodySchema>;

export const spaceItemKeySchema = z.enum(SPACE_ITEM_KEYS, { error: 'Not an item that can be shared' });
export const spaceParamsSchema = z.object({ relationshipId: relationshipIdSchema });
export const spaceItemParamsSchema = spaceParamsSchema.extend({ itemKey: spaceItemKeySchema });

export const wrappedSpaceKeySchema = z.object({
  enc: publicKeySchema,
  /** 32-byte key and 16-byte tag. */
  wrappedKey: base64(64, { length: 64, message: 'Must be a sealed 32-byte key' }),
});
export const memberSpaceKeySchema = wrappedSpaceKeySchema.extend({ userId: userIdSchema });

/**
 * The sponsee's record of the partner key a generation was sealed to, under the sponsee's own data key
 * (decision 43): the server keeps it beside the sponsee's sealed copy and cannot read or forge it.
 */
const sealRecordSchema = ciphertext(1024);

/**
 * POST /api/sponsorship/spaces/:relationshipId/key: the sponsee opens the space with its first key, sealed
 * to the sponsor key they compared (or chose to go on without comparing), with the record of that key.
 */
export const createSpaceKeyBodySchema = z.object({
  generation: generationSchema,
  keys: z.array(memberSpaceKeySchema).min(1).max(2),
  record: sealRecordSchema,
});
export type CreateSpaceKeyBody = z.infer<typeof createSpaceKeyBodySchema>;

export const putSpaceItemBodySchema = z.object({
  generation: generationSchema,
  ciphertext: ciphertext(MAX_INVENTORY_CIPHERTEXT),
});
export type PutSpaceItemBody = z.infer<typeof putSpaceItemBodySchema>;

export const spaceCommentBodySchema = z.object({
  generation: generationSchema,
  ciphertext: ciphertext(MAX_SPACE_COMMENT_CIPHERTEXT),
});
export type SpaceCommentBody = z.infer<typeof spaceCommentBodySchema>;

export const spaceVerificationBodySchema = z.object({ ciphertext: ciphertext(1024) });

/**
 * POST …/rotate: a new generation, with every comment and shared item re-encrypted under it. After the end
 * it is sealed to the sponsee alone; while the relationship is active, to both people, the sponsor's copy to
 * the key the sponsee accepted, with the sponsee's record of it (decision 43).
 */
export const rotateSpaceBodySchema = z.object({
  generation: generationSchema,
  keys: z.array(memberSpaceKeySchema).min(1, 'keys must hold the sealed copies').max(2),
  record: sealRecordSchema.optional(),
  comments: z
    .array(z.object({ id: z.string().min(1).max(64), ciphertext: ciphertext(MAX_SPACE_COMMENT_CIPHERTEXT) }))
    .max(SPACE_ITEM_KEYS.length * 500),
  items: z
    .array(z.object({ itemKey: spaceItemKeySchema, ciphertext: ciphertext(MAX_INVENTORY_CIPHERTEXT) }))
    .max(SPACE_ITEM_KEYS.length)
    .default([]),
});
export type RotateSpaceBody = z.infer<typeof rotateSpaceBodySchema>;

export const spaceRoleSchema = z.enum(['sponsor', 'sponsee']);

export const spaceCommentSchema = z.object({
  id: z.string(),
  itemKey: spaceItemKeySchema,
  author: spaceRoleSchema,
  generation: z.number().int(),
  ciphertext: z.string(),
  createdAt: z.iso.datetime(),
});
export type SpaceComment = z.infer<typeof spaceCommentSchema>;

export const spaceItemSchema = z.object({
  itemKey: spaceItemKeySchema,
  generation: z.number().int(),
  ciphertext: z.string(),
  updatedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Changed by the other person (the item, or a comment on it) since the reader last read it. */
  unread: z.boolean(),
});
export type SpaceItem = z.infer<typeof spaceItemSchema>;

/** GET /api/sponsorship/spaces/:relationshipId: everything one member needs to open and read the space. */
export const spaceReplySchema = z.object({
  relationshipId: relationshipIdSchema,
  status: z.enum(['active', 'ended']),
  role: spaceRoleSchema,
  me: z.object({ userId: z.string(), publicKey: z.string().nullable() }),
  partner: z.object({ userId: z.string(), displayName: z.string(), publicKey: z.string().nullable() }),
  /** Null until the sponsee's browser made the first key. */
  generation: z.number().int().nullable(),
  /** The reader's sealed copy of the current generation's key. */
  wrappedKey: wrappedSpaceKeySchema.nullable(),
  /** The sponsee's record of the sponsor key the current generation is sealed to (null for the sponsor). */
  sealRecord: z.string().nullable(),
  /** The reader's record of the partner's verified key, under their own data key. */
  verification: z.string().nullable(),
  /** The relationship ended and the sponsee's browser has still to move the space to a new key. */
  rotationDue: z.boolean(),
  items: z.array(spaceItemSchema),
  comments: z.array(spaceCommentSchema),
});
export type SpaceReply = z.infer<typeof spaceReplySchema>;

export const spaceSummarySchema = z.object({
  relationshipId: relationshipIdSchema,
  role: spaceRoleSchema,
  partnerName: z.string(),
  itemCount: z.number().int(),
  unreadCount: z.number().int(),
  lastUpdatedAt: z.iso.datetime().nullable(),
});
export const spaceListReplySchema = z.object({ spaces: z.array(spaceSummarySchema) });
export type SpaceSummary = z.infer<typeof spaceSummarySchema>;
