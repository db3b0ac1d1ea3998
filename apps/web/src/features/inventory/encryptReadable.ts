import {
  type EncryptReadableInventoryBody,
  type InventorySaveReply,
  inventoryPayload,
  inventoryPlace,
  type ReadableInventory,
  readableInventoryEntries,
  readableInventoryMarker,
} from '@sam/core';
import { ApiError } from '../../app/http.ts';
import type { DataCipher } from '../../crypto/index.ts';

/** The server calls the move makes, passed in so the module runs anywhere WebCrypto does. */
export type ReadableInventoryApis = {
  readable(): Promise<ReadableInventory[]>;
  encryptReadable(body: EncryptReadableInventoryBody): Promise<InventorySaveReply>;
};

export type ReadableInventoryCounts = {
  /** Inventories now encrypted on the server in place of the readable ones. */
  encrypted: number;
  /** Saved or deleted meanwhile (409): the newer writing stays, nothing is replaced. */
  changedMeanwhile: number;
  /** Requests that failed: the inventory stays readable, and the next unlock tries again. */
  failed: number;
};

/**
 * Encrypts, in this browser, every inventory an older client saved in the clear, and sends each back in the
 * readable one's place, bound to its own version. The server takes it only while the readable one is still
 * there, so a save made meanwhile on another device is never replaced. Each stands alone: one that fails
 * stays as it was, readable and shown, and is moved on a later unlock.
 */
export async function encryptReadableInventories(
  cipher: DataCipher,
  apis: ReadableInventoryApis,
  now: () => Date = () => new Date(),
): Promise<ReadableInventoryCounts> {
  const counts: ReadableInventoryCounts = { encrypted: 0, changedMeanwhile: 0, failed: 0 };
  for (const readable of await apis.readable()) {
    const { inventory_type, version, items } = readable;
    try {
      const entries = readableInventoryEntries(inventory_type, items);
      await apis.encryptReadable({
        inventory_type,
        version,
        items: [readableInventoryMarker(items, entries.length, now())],
        encryptedData: await cipher.encrypt(
          inventoryPayload(entries),
          inventoryPlace(inventory_type, version),
        ),
        encrypted: true,
        entry_count: entries.length,
      });
      counts.encrypted += 1;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) counts.changedMeanwhile += 1;
      else {
        console.warn('Could not encrypt an inventory saved in the clear', error);
        counts.failed += 1;
      }
    }
  }
  return counts;
}
