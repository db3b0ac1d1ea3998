import { z } from 'zod';
import { authValueSchema, kdfParamsSchema } from './auth.ts';
import { base64 } from './common.ts';

/** A wrapped AES-256 key (AES-KW: 40 bytes) in base64 is 56 characters; allow room for other wrappings. */
const wrappedKeySchema = base64(512, { length: 16, message: 'Key is too short' });

export const keyWriteModes = ['create', 'rewrap', 'new-key'] as const;

/** Whose key: the account id (or, from pages loaded before keys were named by it, the account's e-mail). */
const keyOwnerSchema = z
  .string({ error: 'userId is required' })
  .trim()
  .min(1, 'userId is required')
  .max(254, 'userId must be at most 254 characters');

export const keyRecordBodySchema = z.object({
  userId: keyOwnerSchema,
  encryptedKey: wrappedKeySchema,
  recoveryEncryptedKey: wrappedKeySchema,
  createdAt: z.iso.datetime({ error: 'createdAt must be an ISO date-time' }),
  lastUsed: z.iso.datetime({ error: 'lastUsed must be an ISO date-time' }),
  /**
   * create: the first key (409 if one exists). rewrap: the same data key under a new wrapping (after
   * recovery, or "Make a new recovery code"). new-key: a fresh data key; the old record is kept inactive.
   */
  mode: z.enum(keyWriteModes).default('create'),
  /** The current auth value: required to replace a wrapping or the key ('rewrap', 'new-key'). */
  password: authValueSchema.optional(),
});
export type KeyRecordBody = z.input<typeof keyRecordBodySchema>;

export const keyRecordSchema = z.object({
  userId: z.string(),
  encryptedKey: z.string(),
  recoveryEncryptedKey: z.string(),
  keyVersion: z.number().int(),
  active: z.boolean(),
  /** The KDF parameters the key was wrapped under (the account's at the time). */
  kdf: kdfParamsSchema,
  createdAt: z.string(),
  lastUsed: z.string(),
  /**
   * When the person said they saved the recovery code of this wrapping (ISO), or null: not yet, so the
   * dashboard asks again. Every new recovery wrapping starts at null.
   */
  recoverySavedAt: z.string().nullable(),
});
export type KeyRecord = z.infer<typeof keyRecordSchema>;

/**
 * "I have saved it": names the recovery wrapping whose code was saved, so a code that a newer one has
 * already replaced (made on another page) is not marked saved in its place.
 */
export const recoverySavedBodySchema = z.object({ recoveryEncryptedKey: wrappedKeySchema });
export type RecoverySavedBody = z.infer<typeof recoverySavedBodySchema>;

export const inactiveKeysReplySchema = z.object({ keys: z.array(keyRecordSchema) });

export const lastUsedBodySchema = z.object({
  lastUsed: z.iso.datetime({ error: 'lastUsed must be an ISO date-time' }),
});

export const userIdParamsSchema = z.object({ userId: keyOwnerSchema });

/** Destructive key routes ask for the current auth value, not just a session. */
export const reauthBodySchema = z.object({ password: authValueSchema });

export const keyWrappingSchema = z.object({
  encryptedKey: z.string(),
  /**
   * Empty: a kept wrapping holds only the password's wrapping. A recovery code opens only the current
   * wrapping, so a code that was replaced opens nothing the server keeps (decision 48).
   */
  recoveryEncryptedKey: z.string(),
  kdf: kdfParamsSchema,
  replacedAt: z.string(),
});
export const keyWrappingsReplySchema = z.object({ wrappings: z.array(keyWrappingSchema) });
export type KeyWrapping = z.infer<typeof keyWrappingSchema>;
export type KeyWrappingsReply = z.infer<typeof keyWrappingsReplySchema>;
