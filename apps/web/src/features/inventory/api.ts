import {
  type CompletionMarker,
  defaultInventoryVersion,
  type InventoryReply,
  type InventoryType,
  type InventoryVersionsReply,
} from '@sam/core';
import { http } from '../../app/http.ts';

/** The inventory service (spec part 2 §7). The only place that builds its URLs. */
export const inventoryApi = {
  get: (type: InventoryType) =>
    http.get<InventoryReply>(`/api/get_inventory_encrypted/${type}/${defaultInventoryVersion(type)}`),
  /** Only the ciphertext, the completion marker and the entry count travel (DESIGN.md §5). */
  save: (type: InventoryType, encryptedData: string, marker: CompletionMarker, entryCount: number) =>
    http.post<InventoryReply>('/api/save_inventory_encrypted', {
      inventory_type: type,
      version: defaultInventoryVersion(type),
      items: [marker],
      encryptedData,
      encrypted: true,
      entry_count: entryCount,
    }),
  remove: (type: InventoryType) =>
    http.delete<{ message: string }>('/api/delete_inventory', {
      inventory_type: type,
      version: defaultInventoryVersion(type),
    }),
  /** Every saved version of one inventory (the current one and the earlier ones kept before changes). */
  versions: (type: InventoryType) => http.get<InventoryVersionsReply>(`/api/list_inventory_versions/${type}`),
  getVersion: (type: InventoryType, version: string) =>
    http.get<InventoryReply>(`/api/get_inventory_encrypted/${type}/${encodeURIComponent(version)}`),
  /** Like `save`, under another version's name: the ciphertext must be bound to that version. */
  saveVersion: (
    type: InventoryType,
    version: string,
    encryptedData: string,
    marker: CompletionMarker,
    entryCount: number,
  ) =>
    http.post<InventoryReply>('/api/save_inventory_encrypted', {
      inventory_type: type,
      version,
      items: [marker],
      encryptedData,
      encrypted: true,
      entry_count: entryCount,
    }),
  removeVersion: (type: InventoryType, version: string) =>
    http.delete<{ message: string }>('/api/delete_inventory', { inventory_type: type, version }),
};
