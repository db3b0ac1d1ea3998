import type { z } from 'zod';
import {
  defaultInventoryVersion,
  type InventoryType,
  type inventoryVersionsReplySchema,
} from '../schemas/inventory.ts';

export type InventoryVersionsReply = z.infer<typeof inventoryVersionsReplySchema>;
export type InventoryVersionInfo = InventoryVersionsReply['versions'][number];

/** How many versions of one inventory, besides the current one, a person may keep. */
export const MAX_EARLIER_INVENTORY_VERSIONS = 20;

export const EARLIER_VERSIONS_FULL = `SAM keeps up to ${MAX_EARLIER_INVENTORY_VERSIONS} earlier versions of each inventory, and this one has ${MAX_EARLIER_INVENTORY_VERSIONS}. Please delete an earlier version under "Earlier versions" first, then try again.`;

/**
 * The name an inventory is kept under before an import or a restore changes it. The time is its last
 * '-' part, which is what the ciphertext is bound to (inventoryPlace).
 */
export const earlierVersionName = (type: InventoryType, time: number) =>
  `${type}-earlier-${Math.trunc(time)}`;

/** Every version but the current one is an earlier version. */
export const isEarlierVersion = (type: InventoryType, version: string) =>
  version !== defaultInventoryVersion(type);

/** Earlier versions of `type`, newest first. */
export function earlierVersions(type: InventoryType, reply: InventoryVersionsReply): InventoryVersionInfo[] {
  return reply.versions
    .filter((v) => isEarlierVersion(type, v.version))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.version.localeCompare(a.version));
}
