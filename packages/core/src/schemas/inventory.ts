import { z } from 'zod';
import { base64 } from './common.ts';

export const INVENTORY_TYPES = ['resentments', 'fears', 'harms'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];
export const MAX_INVENTORY_ENTRIES = 2000;
export const MAX_INVENTORY_CIPHERTEXT = 3_000_000;

export const inventoryTypeSchema = z.enum(INVENTORY_TYPES, { error: 'Unknown inventory type' });
export const inventoryVersionSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'Version names use a-z, 0-9 and -, at most 60 characters');

export const defaultInventoryVersion = (type: InventoryType) => `${type}-current`;

/** The readable completion marker kept beside the ciphertext, so the server can see an inventory is complete. */
export const completionMarkerSchema = z.strictObject({
  _type: z.literal('completion_status'),
  completed: z.boolean(),
  timestamp: z.iso.datetime({ error: 'timestamp must be an ISO date-time' }),
});
export type CompletionMarker = z.infer<typeof completionMarkerSchema>;

export const inventoryParamsSchema = z.object({ type: inventoryTypeSchema, version: inventoryVersionSchema });
export const inventoryTypeParamsSchema = z.object({ type: inventoryTypeSchema });

export const saveEncryptedInventoryBodySchema = z.object({
  inventory_type: inventoryTypeSchema,
  version: inventoryVersionSchema.optional(),
  /** Only the completion marker may travel in the clear. */
  items: z.array(completionMarkerSchema).max(1),
  encryptedData: base64(MAX_INVENTORY_CIPHERTEXT),
  encrypted: z.literal(true, { error: 'encrypted must be true' }),
  /** How many entries the ciphertext holds, for progress and metrics. */
  entry_count: z.number().int().min(0).max(MAX_INVENTORY_ENTRIES),
});
export type SaveEncryptedInventoryBody = z.infer<typeof saveEncryptedInventoryBodySchema>;

/**
 * An inventory that an older client saved in the clear, before every save was encrypted: the owner's browser
 * reads it (`GET /api/inventory/readable`), encrypts it and sends it back in its place
 * (`POST /api/inventory/encrypt-readable`). No route takes readable entries any more.
 */
export const readableInventoriesReplySchema = z.object({
  inventories: z.array(
    z.object({
      inventory_type: inventoryTypeSchema,
      version: z.string(),
      items: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type ReadableInventory = z.infer<typeof readableInventoriesReplySchema>['inventories'][number];

/** The encrypted form of one readable inventory, for the version it replaces. */
export const encryptReadableInventoryBodySchema = saveEncryptedInventoryBodySchema.extend({
  version: inventoryVersionSchema,
});
export type EncryptReadableInventoryBody = z.infer<typeof encryptReadableInventoryBodySchema>;

export const deleteInventoryBodySchema = z.object({
  inventory_type: inventoryTypeSchema,
  version: inventoryVersionSchema.optional(),
});

export const inventoryReplySchema = z.object({
  inventory_type: inventoryTypeSchema,
  version: z.string(),
  items: z.array(z.record(z.string(), z.unknown())),
  encrypted: z.boolean(),
  encryptedData: z.string().optional(),
  entry_count: z.number().int(),
  completed: z.boolean(),
  updated_at: z.string(),
});
export type InventoryReply = z.infer<typeof inventoryReplySchema>;

/** An encrypted inventory save's reply: the stored inventory without the ciphertext the request carried. */
export const inventorySaveReplySchema = inventoryReplySchema.omit({ encryptedData: true });
export type InventorySaveReply = z.infer<typeof inventorySaveReplySchema>;

export const inventoryVersionsReplySchema = z.object({
  versions: z.array(
    z.object({
      version: z.string(),
      entry_count: z.number().int(),
      completed: z.boolean(),
      updated_at: z.string(),
    }),
  ),
});
