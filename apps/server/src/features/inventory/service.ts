import {
  defaultInventoryVersion,
  type EncryptReadableInventoryBody,
  type InventoryReply,
  type InventorySaveReply,
  type InventoryType,
  inventoryCompleted,
  type ReadableInventory,
  type SaveEncryptedInventoryBody,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import {
  deleteInventory,
  findInventory,
  type InventoryRow,
  listInventoryVersions,
  listReadableInventories,
  replaceReadableInventory,
  upsertInventory,
} from '../../db/inventories.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recheckStepsAfterInventoryChange } from '../progress/recheck.ts';
import { ensureRoomForVersion } from './earlierVersions.ts';

type Item = Record<string, unknown>;
const iso = (ms: number) => new Date(ms).toISOString();

function toReply(row: InventoryRow): InventoryReply {
  return {
    inventory_type: row.inventory_type,
    version: row.version,
    items: JSON.parse(row.items) as Item[],
    encrypted: row.encrypted === 1,
    ...(row.encrypted_data === null ? {} : { encryptedData: row.encrypted_data }),
    entry_count: row.entry_count,
    completed: row.completed === 1,
    updated_at: iso(row.updated_at),
  };
}

/** An encrypted save's reply: the stored inventory without the ciphertext, which the request itself carried. */
export function toInventorySaveReply({
  encryptedData: _sent,
  ...stored
}: InventoryReply): InventorySaveReply {
  return stored;
}

/** An inventory nobody has saved yet reads as empty, not as an error. */
function emptyReply(type: InventoryType, version: string, now: number): InventoryReply {
  return {
    inventory_type: type,
    version,
    items: [],
    encrypted: false,
    entry_count: 0,
    completed: false,
    updated_at: iso(now),
  };
}

export const INVENTORY_MESSAGES = {
  notReadable: 'This inventory was saved or deleted just now, so SAM left it as it is. Nothing was changed.',
} as const;

export function createInventoryService(deps: AppDeps) {
  const { db } = deps;
  const key = (user: UserRow, type: InventoryType, version?: string) => ({
    user_id: user.id,
    inventory_type: type,
    version: version ?? defaultInventoryVersion(type),
  });

  /** The columns of an encrypted inventory as its body gives them (all but the time). */
  const encryptedColumns = (user: UserRow, body: SaveEncryptedInventoryBody) => ({
    ...key(user, body.inventory_type, body.version),
    items: JSON.stringify(body.items),
    encrypted_data: body.encryptedData,
    encrypted: 1,
    entry_count: body.entry_count,
    completed: inventoryCompleted(body.items[0]?.completed === true, body.entry_count) ? 1 : 0,
  });

  /** An inventory change and the step 4 re-check it may call for, together or not at all. */
  const withStepsRechecked = <T>(user: UserRow, change: (trx: Db) => Promise<T>): Promise<T> => {
    const run = async (trx: Db) => {
      const result = await change(trx);
      await recheckStepsAfterInventoryChange(trx, user.id, deps.now());
      return result;
    };
    // Inside a caller's transaction (a restore) the change joins it.
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  };

  return {
    async versions(user: UserRow, type: InventoryType) {
      const rows = await listInventoryVersions(db, user.id, type);
      return rows.map((r) => ({
        version: r.version,
        entry_count: r.entry_count,
        completed: r.completed === 1,
        updated_at: iso(r.updated_at),
      }));
    },

    async get(user: UserRow, type: InventoryType, version: string): Promise<InventoryReply> {
      const row = await findInventory(db, key(user, type, version));
      return row ? toReply(row) : emptyReply(type, version, deps.now());
    },

    async saveEncrypted(user: UserRow, body: SaveEncryptedInventoryBody): Promise<InventoryReply> {
      await ensureRoomForVersion(db, user.id, body.inventory_type, body.version);
      const row: InventoryRow = { ...encryptedColumns(user, body), updated_at: deps.now() };
      await withStepsRechecked(user, (trx) => upsertInventory(trx, row));
      return toReply(row);
    },

    /** The inventories an older client saved in the clear, for the owner's browser to encrypt. */
    async readable(user: UserRow): Promise<ReadableInventory[]> {
      return (await listReadableInventories(db, user.id)).map((row) => ({
        inventory_type: row.inventory_type,
        version: row.version,
        items: JSON.parse(row.items) as Item[],
      }));
    },

    /**
     * The owner's browser sends a readable inventory back encrypted: it takes the readable one's place (its
     * date kept, as the writing did not change), or nothing happens when that was saved or deleted meanwhile.
     */
    async encryptReadable(user: UserRow, body: EncryptReadableInventoryBody): Promise<InventoryReply> {
      const changes = encryptedColumns(user, body);
      const row = await withStepsRechecked(user, async (trx) => {
        if (!(await replaceReadableInventory(trx, changes))) return null;
        return findInventory(trx, changes);
      });
      if (!row) throw conflict(INVENTORY_MESSAGES.notReadable, 'changed_meanwhile');
      return toReply(row);
    },

    async remove(user: UserRow, type: InventoryType, version?: string): Promise<void> {
      const deleted = await withStepsRechecked(user, (trx) => deleteInventory(trx, key(user, type, version)));
      if (!deleted) throw notFound('No such inventory');
    },
  };
}
