import {
  defaultInventoryVersion,
  EARLIER_VERSIONS_FULL,
  type InventoryType,
  isEarlierVersion,
  MAX_EARLIER_INVENTORY_VERSIONS,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import { countInventoryVersions } from '../../db/inventories.ts';
import { conflict } from '../../http/errors.ts';

/**
 * A save under an earlier version's name must leave room under the cap: rewriting a version that is
 * already there is always allowed, a new one only while fewer than the cap exist. Refused with 409.
 */
export async function ensureRoomForVersion(
  db: Db,
  userId: string,
  type: InventoryType,
  version: string | undefined,
): Promise<void> {
  if (version === undefined || !isEarlierVersion(type, version)) return;
  const others = await countInventoryVersions(db, userId, type, [defaultInventoryVersion(type), version]);
  if (others >= MAX_EARLIER_INVENTORY_VERSIONS) throw conflict(EARLIER_VERSIONS_FULL, 'too_many_versions');
}
