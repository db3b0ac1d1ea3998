import type { Db } from './index.ts';
import { prepared } from './preparedQueries.ts';
import type { Database } from './schema.ts';

export type InventoryRow = Database['inventories'];
type InventoryKey = { user_id: string; inventory_type: InventoryRow['inventory_type']; version: string };

export function findInventory(db: Db, key: InventoryKey): Promise<InventoryRow | undefined> {
  return db
    .selectFrom('inventories')
    .selectAll()
    .where('user_id', '=', key.user_id)
    .where('inventory_type', '=', key.inventory_type)
    .where('version', '=', key.version)
    .executeTakeFirst();
}

export function listInventoryVersions(
  db: Db,
  userId: string,
  type: InventoryRow['inventory_type'],
): Promise<Array<Pick<InventoryRow, 'version' | 'entry_count' | 'completed' | 'updated_at'>>> {
  return db
    .selectFrom('inventories')
    .select(['version', 'entry_count', 'completed', 'updated_at'])
    .where('user_id', '=', userId)
    .where('inventory_type', '=', type)
    .orderBy('version')
    .execute();
}

export async function upsertInventory(db: Db, row: InventoryRow): Promise<void> {
  const { user_id, inventory_type, version, ...changes } = row;
  await db
    .insertInto('inventories')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'inventory_type', 'version']).doUpdateSet(changes))
    .execute();
}

export async function deleteInventory(db: Db, key: InventoryKey): Promise<boolean> {
  const result = await db
    .deleteFrom('inventories')
    .where('user_id', '=', key.user_id)
    .where('inventory_type', '=', key.inventory_type)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many versions of one inventory a person has, leaving out the versions named in `except`. */
export async function countInventoryVersions(
  db: Db,
  userId: string,
  type: InventoryRow['inventory_type'],
  except: readonly string[],
): Promise<number> {
  const row = await db
    .selectFrom('inventories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('inventory_type', '=', type)
    .where('version', 'not in', except)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const currentCompletion = prepared((db, v: { userId: string }) =>
  db
    .selectFrom('inventories')
    .select(['inventory_type', 'version', 'completed', 'entry_count'])
    .where('user_id', '=', v.userId)
    .where('version', 'in', ['resentments-current', 'fears-current', 'harms-current']),
);

/** The completion of each inventory type's current version (for the step 4 rule). */
export async function currentInventoryCompletion(
  db: Db,
  userId: string,
): Promise<Array<Pick<InventoryRow, 'inventory_type' | 'version' | 'completed' | 'entry_count'>>> {
  return (await currentCompletion(db, { userId })).rows;
}

/** The inventories a person has that were saved in the clear by an older client (`encrypted = 0`). */
export function listReadableInventories(
  db: Db,
  userId: string,
): Promise<Array<Pick<InventoryRow, 'inventory_type' | 'version' | 'items'>>> {
  return db
    .selectFrom('inventories')
    .select(['inventory_type', 'version', 'items'])
    .where('user_id', '=', userId)
    .where('encrypted', '=', 0)
    .orderBy('inventory_type')
    .orderBy('version')
    .execute();
}

/**
 * Puts the encrypted form in place of a readable inventory, only while it is still the readable one: false
 * when it was saved (encrypted) or deleted meanwhile, so a newer save is never replaced.
 */
export async function replaceReadableInventory(
  db: Db,
  row: Omit<InventoryRow, 'updated_at'>,
): Promise<boolean> {
  const { user_id, inventory_type, version, ...changes } = row;
  const result = await db
    .updateTable('inventories')
    .set(changes)
    .where('user_id', '=', user_id)
    .where('inventory_type', '=', inventory_type)
    .where('version', '=', version)
    .where('encrypted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
