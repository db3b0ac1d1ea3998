import type { Db } from './index.ts';
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
