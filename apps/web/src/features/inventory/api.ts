import {
  type CompletionMarker,
  defaultInventoryVersion,
  type EncryptReadableInventoryBody,
  type InventoryReply,
  type InventoryType,
  inventoryReplySchema,
  inventorySaveReplySchema,
  inventoryVersionsReplySchema,
  messageReplySchema,
  readableInventoriesReplySchema,
} from '@sam/core';
import { http } from '../../app/http.ts';

/**
 * Saves an encrypted inventory under `version`. Resolves with the stored inventory; the reply leaves out the
 * ciphertext, which is the one sent here.
 */
async function saveEncrypted(
  type: InventoryType,
  version: string,
  encryptedData: string,
  marker: CompletionMarker,
  entryCount: number,
): Promise<InventoryReply> {
  const stored = await http.post('/api/save_inventory_encrypted', inventorySaveReplySchema, {
    inventory_type: type,
    version,
    items: [marker],
    encryptedData,
    encrypted: true,
    entry_count: entryCount,
  });
  return { ...stored, encryptedData };
}

/** The inventory service. The only place that builds its URLs. */
export const inventoryApi = {
  get: (type: InventoryType) =>
    http.get(`/api/get_inventory_encrypted/${type}/${defaultInventoryVersion(type)}`, inventoryReplySchema),
  /**
   * Only the ciphertext, the completion marker and the entry count travel: the server never reads the entries
   * (docs/architecture.md, "What the server can and cannot read").
   */
  save: (type: InventoryType, encryptedData: string, marker: CompletionMarker, entryCount: number) =>
    saveEncrypted(type, defaultInventoryVersion(type), encryptedData, marker, entryCount),
  remove: (type: InventoryType) =>
    http.delete('/api/delete_inventory', messageReplySchema, {
      inventory_type: type,
      version: defaultInventoryVersion(type),
    }),
  /** Every saved version of one inventory (the current one and the earlier ones kept before changes). */
  versions: (type: InventoryType) =>
    http.get(`/api/list_inventory_versions/${type}`, inventoryVersionsReplySchema),
  getVersion: (type: InventoryType, version: string) =>
    http.get(`/api/get_inventory_encrypted/${type}/${encodeURIComponent(version)}`, inventoryReplySchema),
  /** Like `save`, under another version's name: the ciphertext must be bound to that version. */
  saveVersion: saveEncrypted,
  removeVersion: (type: InventoryType, version: string) =>
    http.delete('/api/delete_inventory', messageReplySchema, { inventory_type: type, version }),
  /** Inventories an older client saved in the clear, still readable on the server. */
  readable: async () =>
    (await http.get('/api/inventory/readable', readableInventoriesReplySchema)).inventories,
  /** Puts the encrypted form in place of a readable inventory; 409 when it was saved or deleted meanwhile. */
  encryptReadable: (body: EncryptReadableInventoryBody) =>
    http.post('/api/inventory/encrypt-readable', inventorySaveReplySchema, body),
};
