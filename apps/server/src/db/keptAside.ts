import type { Db, Dialect } from './index.ts';
import type { InventoryRow } from './inventories.ts';
import type { Database } from './schema.ts';
import type { StepProgressRow } from './stepProgress.ts';

export type KeptAsideRow = Database['kept_aside'];
type StepKey = Pick<StepProgressRow, 'user_id' | 'program' | 'track' | 'step_number'>;
type InventoryKey = Pick<InventoryRow, 'user_id' | 'inventory_type' | 'version'>;

/**
 * On PostgreSQL, holds the person's row until the transaction ends, so two requests of one person that
 * count or move kept-aside items run one after the other. SQLite runs one write transaction at a time.
 */
export async function lockPerson(db: Db, dialect: Dialect, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function insertKeptAside(db: Db, row: KeptAsideRow): Promise<void> {
  await db.insertInto('kept_aside').values(row).execute();
}

export function listKeptAside(db: Db, userId: string): Promise<KeptAsideRow[]> {
  return db
    .selectFrom('kept_aside')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countKeptAside(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('kept_aside')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findKeptAside(db: Db, userId: string, id: string): Promise<KeptAsideRow | undefined> {
  return db
    .selectFrom('kept_aside')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateKeptAsideData(
  db: Db,
  userId: string,
  id: string,
  change: { encrypted_data: string; updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('kept_aside')
    .set(change)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteKeptAside(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('kept_aside')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Sets a step's ciphertext, only if the step still holds `expected` (null: none), so a save that landed
 * meanwhile is never overwritten. A step that gains writing counts as started. False if it had changed.
 */
export async function replaceStepCiphertext(
  db: Db,
  key: StepKey,
  expected: string | null,
  change: { encrypted_data: string | null; updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('step_progress')
    .set((eb) => ({
      encrypted_data: change.encrypted_data,
      encrypted: change.encrypted_data === null ? 0 : 1,
      updated_at: change.updated_at,
      ...(change.encrypted_data === null
        ? {}
        : { started_at: eb.fn.coalesce('started_at', eb.val(change.updated_at)) }),
    }))
    .where('user_id', '=', key.user_id)
    .where('program', '=', key.program)
    .where('track', '=', key.track)
    .where('step_number', '=', key.step_number)
    .where((eb) =>
      expected === null ? eb('encrypted_data', 'is', null) : eb('encrypted_data', '=', expected),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds a step that had no record yet; false if one appeared meanwhile. */
export async function insertStepIfMissing(db: Db, row: StepProgressRow): Promise<boolean> {
  const result = await db
    .insertInto('step_progress')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'program', 'track', 'step_number']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Removes an inventory only if it still holds `expected`; false if it had changed. */
export async function deleteInventoryHolding(db: Db, key: InventoryKey, expected: string): Promise<boolean> {
  const result = await db
    .deleteFrom('inventories')
    .where('user_id', '=', key.user_id)
    .where('inventory_type', '=', key.inventory_type)
    .where('version', '=', key.version)
    .where('encrypted_data', '=', expected)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces an inventory that still holds `expected` (null: none); false if it had changed. */
export async function replaceInventoryHolding(
  db: Db,
  expected: string | null,
  row: InventoryRow,
): Promise<boolean> {
  const { user_id, inventory_type, version, ...changes } = row;
  const result = await db
    .updateTable('inventories')
    .set(changes)
    .where('user_id', '=', user_id)
    .where('inventory_type', '=', inventory_type)
    .where('version', '=', version)
    .where((eb) =>
      expected === null ? eb('encrypted_data', 'is', null) : eb('encrypted_data', '=', expected),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds an inventory that had no row yet; false if one appeared meanwhile. */
export async function insertInventoryIfMissing(db: Db, row: InventoryRow): Promise<boolean> {
  const result = await db
    .insertInto('inventories')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'inventory_type', 'version']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
