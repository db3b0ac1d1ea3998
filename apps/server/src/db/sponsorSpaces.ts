import type { Db, Dialect } from './index.ts';
import type { Database } from './schema.ts';

export type SpaceRow = Database['sponsor_spaces'];
export type SpaceKeyRow = Database['space_keys'];
export type SpaceItemRow = Database['space_items'];
export type SpaceCommentRow = Database['space_comments'];
export type SpaceReadRow = Database['space_reads'];

export function findSpace(db: Db, relationshipId: string): Promise<SpaceRow | undefined> {
  return db
    .selectFrom('sponsor_spaces')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .executeTakeFirst();
}

/**
 * On PostgreSQL, holds the space's row until the transaction ends, so requests that count comments or move
 * the space to a new key run one after the other. SQLite runs one write transaction at a time.
 */
export async function lockSpace(db: Db, dialect: Dialect, relationshipId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db
    .selectFrom('sponsor_spaces')
    .select('relationship_id')
    .where('relationship_id', '=', relationshipId)
    .forNoKeyUpdate()
    .execute();
}

/** Creates the space at its first generation; false when it exists already. */
export async function insertSpace(db: Db, row: SpaceRow): Promise<boolean> {
  const result = await db
    .insertInto('sponsor_spaces')
    .values(row)
    .onConflict((oc) => oc.column('relationship_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves the space from generation `from` to `to`; false when another request moved it first. */
export async function advanceGeneration(
  db: Db,
  relationshipId: string,
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sponsor_spaces')
    .set({ generation: to, rotation_due: 0, updated_at: now })
    .where('relationship_id', '=', relationshipId)
    .where('generation', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSpaceKeys(db: Db, rows: SpaceKeyRow[]): Promise<void> {
  await db.insertInto('space_keys').values(rows).execute();
}

export function findSpaceKey(
  db: Db,
  relationshipId: string,
  generation: number,
  userId: string,
): Promise<SpaceKeyRow | undefined> {
  return db
    .selectFrom('space_keys')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('generation', '=', generation)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes every sealed copy one person holds of a space's keys. */
export async function deleteSpaceKeysOf(db: Db, relationshipId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('space_keys')
    .where('relationship_id', '=', relationshipId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteSpaceKeysBefore(
  db: Db,
  relationshipId: string,
  generation: number,
): Promise<void> {
  await db
    .deleteFrom('space_keys')
    .where('relationship_id', '=', relationshipId)
    .where('generation', '<', generation)
    .execute();
}

export function listSpaceItems(db: Db, relationshipId: string): Promise<SpaceItemRow[]> {
  return db
    .selectFrom('space_items')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .orderBy('item_key')
    .execute();
}

export async function upsertSpaceItem(db: Db, row: Omit<SpaceItemRow, 'reviewed_at'>): Promise<void> {
  await db
    .insertInto('space_items')
    .values({ ...row, reviewed_at: null })
    .onConflict((oc) =>
      oc.columns(['relationship_id', 'item_key']).doUpdateSet({
        generation: row.generation,
        ciphertext: row.ciphertext,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Deletes one shared item with its thread and read marks; false when it was not shared. */
export async function deleteSpaceItem(db: Db, relationshipId: string, itemKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom('space_items')
    .where('relationship_id', '=', relationshipId)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
  for (const table of ['space_comments', 'space_reads'] as const) {
    await db
      .deleteFrom(table)
      .where('relationship_id', '=', relationshipId)
      .where('item_key', '=', itemKey)
      .execute();
  }
  return Number(result.numDeletedRows) === 1;
}

/**
 * What ending a relationship takes from the sponsor at once: the shared copies, their keys, read marks and
 * verification; the space is marked for a new key.
 */
export async function closeSpaceFor(db: Db, relationshipId: string, sponsorId: string): Promise<void> {
  await db
    .updateTable('sponsor_spaces')
    .set({ rotation_due: 1 })
    .where('relationship_id', '=', relationshipId)
    .execute();
  await db.deleteFrom('space_items').where('relationship_id', '=', relationshipId).execute();
  await deleteSpaceKeysOf(db, relationshipId, sponsorId);
  await db
    .deleteFrom('space_reads')
    .where('relationship_id', '=', relationshipId)
    .where('user_id', '=', sponsorId)
    .execute();
  await db
    .deleteFrom('space_verifications')
    .where('relationship_id', '=', relationshipId)
    .where('user_id', '=', sponsorId)
    .execute();
}

export async function markItemReviewed(
  db: Db,
  relationshipId: string,
  itemKey: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('space_items')
    .set({ reviewed_at: now })
    .where('relationship_id', '=', relationshipId)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listSpaceComments(db: Db, relationshipId: string): Promise<SpaceCommentRow[]> {
  return db
    .selectFrom('space_comments')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countItemComments(db: Db, relationshipId: string, itemKey: string): Promise<number> {
  const row = await db
    .selectFrom('space_comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('relationship_id', '=', relationshipId)
    .where('item_key', '=', itemKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSpaceComment(db: Db, row: SpaceCommentRow): Promise<void> {
  await db.insertInto('space_comments').values(row).execute();
}

/** Whether `given` names every one of `stored` exactly once, and nothing else. */
function eachOnce(stored: string[], given: string[]): boolean {
  const names = new Set(given);
  return names.size === given.length && stored.length === names.size && stored.every((s) => names.has(s));
}

/** Re-encrypted comments of a rotation; false unless every comment of the space was given exactly once. */
export async function replaceCommentCiphertexts(
  db: Db,
  relationshipId: string,
  generation: number,
  comments: { id: string; ciphertext: string }[],
): Promise<boolean> {
  const stored = await db
    .selectFrom('space_comments')
    .select('id')
    .where('relationship_id', '=', relationshipId)
    .execute();
  if (
    !eachOnce(
      stored.map((c) => c.id),
      comments.map((c) => c.id),
    )
  )
    return false;
  for (const comment of comments) {
    await db
      .updateTable('space_comments')
      .set({ ciphertext: comment.ciphertext, generation })
      .where('relationship_id', '=', relationshipId)
      .where('id', '=', comment.id)
      .execute();
  }
  return true;
}

/**
 * Re-encrypted shared items of a rotation while the relationship is active; false unless every shared item
 * was given exactly once. Their times stay: a new key is not a change the other person needs to read.
 */
export async function replaceItemCiphertexts(
  db: Db,
  relationshipId: string,
  generation: number,
  items: { itemKey: string; ciphertext: string }[],
): Promise<boolean> {
  const stored = await db
    .selectFrom('space_items')
    .select('item_key')
    .where('relationship_id', '=', relationshipId)
    .execute();
  if (
    !eachOnce(
      stored.map((i) => i.item_key),
      items.map((i) => i.itemKey),
    )
  )
    return false;
  for (const item of items) {
    await db
      .updateTable('space_items')
      .set({ ciphertext: item.ciphertext, generation })
      .where('relationship_id', '=', relationshipId)
      .where('item_key', '=', item.itemKey)
      .execute();
  }
  return true;
}

export function listSpaceReads(db: Db, relationshipId: string, userId: string): Promise<SpaceReadRow[]> {
  return db
    .selectFrom('space_reads')
    .selectAll()
    .where('relationship_id', '=', relationshipId)
    .where('user_id', '=', userId)
    .execute();
}

export async function upsertSpaceRead(db: Db, row: SpaceReadRow): Promise<void> {
  await db
    .insertInto('space_reads')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['relationship_id', 'user_id', 'item_key']).doUpdateSet({ read_at: row.read_at }),
    )
    .execute();
}

export function findVerification(db: Db, relationshipId: string, userId: string) {
  return db
    .selectFrom('space_verifications')
    .select('ciphertext')
    .where('relationship_id', '=', relationshipId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertVerification(db: Db, row: Database['space_verifications']): Promise<void> {
  await db
    .insertInto('space_verifications')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['relationship_id', 'user_id'])
        .doUpdateSet({ ciphertext: row.ciphertext, updated_at: row.updated_at }),
    )
    .execute();
}
