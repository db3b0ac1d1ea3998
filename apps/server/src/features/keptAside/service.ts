import { randomUUID } from 'node:crypto';
import {
  completionMarker,
  defaultInventoryVersion,
  type InventoryType,
  inventoryCompleted,
  KEPT_ASIDE_MESSAGES,
  type KeepAsideBody,
  type KeptAsideItem,
  type KeptAsideKind,
  MAX_KEPT_ASIDE_CIPHERTEXT,
  MAX_KEPT_ASIDE_ITEMS,
  type PutBackReply,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import { findInventory, type InventoryRow } from '../../db/inventories.ts';
import {
  countKeptAside,
  deleteInventoryHolding,
  deleteKeptAside,
  findKeptAside,
  insertInventoryIfMissing,
  insertKeptAside,
  insertStepIfMissing,
  type KeptAsideRow,
  listKeptAside,
  lockPerson,
  replaceInventoryHolding,
  replaceStepCiphertext,
  updateKeptAsideData,
} from '../../db/keptAside.ts';
import { findStepProgress, type StepProgressRow } from '../../db/stepProgress.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { recheckStepsAfterInventoryChange } from '../progress/recheck.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function toKeptAsideItem(row: KeptAsideRow): KeptAsideItem {
  const common = {
    id: row.id,
    encryptedData: row.encrypted_data,
    entry_count: row.entry_count,
    completed: row.completed === 1,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  if (row.kind === 'inventory' && row.inventory_type) {
    return { ...common, kind: 'inventory', inventory_type: row.inventory_type };
  }
  return {
    ...common,
    kind: 'step',
    program: row.program ?? '',
    track: row.track ?? '',
    step_number: row.step_number ?? 0,
  };
}

/** Where a kept-aside item came from and goes back to: one step of one person, or one current inventory. */
type Slot =
  | { kind: 'step'; key: Pick<StepProgressRow, 'user_id' | 'program' | 'track' | 'step_number'> }
  | { kind: 'inventory'; key: Pick<InventoryRow, 'user_id' | 'inventory_type' | 'version'> };

/** Both a request body and a stored item name their slot with these fields. */
export type SlotFields = {
  kind: KeptAsideKind;
  program?: string | null;
  track?: string | null;
  step_number?: number | null;
  inventory_type?: InventoryType | null;
};

function slotOf(userId: string, where: SlotFields): Slot {
  if (where.kind === 'inventory' && where.inventory_type) {
    const type = where.inventory_type;
    return {
      kind: 'inventory',
      key: { user_id: userId, inventory_type: type, version: defaultInventoryVersion(type) },
    };
  }
  return {
    kind: 'step',
    key: {
      user_id: userId,
      program: where.program ?? '',
      track: where.track ?? '',
      step_number: where.step_number ?? 0,
    },
  };
}

/** What a slot holds now, as the fields of a kept-aside item; null when it holds no ciphertext. */
type Held = { encrypted_data: string; entry_count: number; completed: number };

async function heldIn(trx: Db, slot: Slot): Promise<{ exists: boolean; held: Held | null }> {
  if (slot.kind === 'step') {
    const row = await findStepProgress(trx, slot.key);
    if (!row) return { exists: false, held: null };
    const held =
      row.encrypted_data === null
        ? null
        : { encrypted_data: row.encrypted_data, entry_count: 0, completed: row.completed };
    return { exists: true, held };
  }
  const row = await findInventory(trx, slot.key);
  if (!row) return { exists: false, held: null };
  // Entries saved through the plain save have no ciphertext: they cannot be kept aside, nor overwritten.
  if (row.encrypted_data === null && row.entry_count > 0) {
    throw conflict(KEPT_ASIDE_MESSAGES.plainInventory, 'plain_inventory');
  }
  const held =
    row.encrypted_data === null
      ? null
      : { encrypted_data: row.encrypted_data, entry_count: row.entry_count, completed: row.completed };
  return { exists: true, held };
}

function rowFor(userId: string, slot: Slot, held: Held, now: number): KeptAsideRow {
  const where =
    slot.kind === 'step'
      ? {
          kind: 'step' as const,
          program: slot.key.program,
          track: slot.key.track,
          step_number: slot.key.step_number,
          inventory_type: null,
        }
      : {
          kind: 'inventory' as const,
          program: null,
          track: null,
          step_number: null,
          inventory_type: slot.key.inventory_type,
        };
  return { id: randomUUID(), user_id: userId, ...where, ...held, created_at: now, updated_at: now };
}

/**
 * Before a clear or a restore replaces writing: a copy of what each of these slots holds becomes a kept-aside
 * item, put back like any other (and kept as long, until the person deletes it). Runs inside the caller's
 * transaction, which holds the person's row; the slots themselves are left for the caller to replace.
 * Refuses (409) when the copies would not fit in the cap, so the caller's transaction writes nothing.
 */
export async function keepCopiesAside(
  trx: Db,
  userId: string,
  slots: readonly SlotFields[],
  now: number,
  tooMany: (needed: number, room: number) => string,
): Promise<KeptAsideItem[]> {
  const rows: KeptAsideRow[] = [];
  for (const where of slots) {
    const slot = slotOf(userId, where);
    const { held } = await heldIn(trx, slot);
    if (held) rows.push(rowFor(userId, slot, held, now));
  }
  if (rows.length === 0) return [];
  const room = Math.max(0, MAX_KEPT_ASIDE_ITEMS - (await countKeptAside(trx, userId)));
  if (rows.length > room) throw conflict(tooMany(rows.length, room), 'too_many_kept_aside');
  for (const row of rows) await insertKeptAside(trx, row);
  return rows.map(toKeptAsideItem);
}

/**
 * "Start this item over" and the way back. The server moves ciphertext between a slot and the kept-aside
 * list without reading it; every move is one transaction, and nothing is ever dropped: putting an item
 * back keeps whatever the slot held aside in its place.
 */
export function createKeptAsideService(deps: AppDeps) {
  const { db, dialect } = deps;

  const newRow = (userId: string, slot: Slot, held: Held) => rowFor(userId, slot, held, deps.now());

  /** Empties the slot that held `held`; refuses (and so rolls back) when it changed meanwhile. */
  async function emptySlot(trx: Db, slot: Slot, held: Held): Promise<void> {
    const now = deps.now();
    const done =
      slot.kind === 'step'
        ? await replaceStepCiphertext(trx, slot.key, held.encrypted_data, {
            encrypted_data: null,
            updated_at: now,
          })
        : await deleteInventoryHolding(trx, slot.key, held.encrypted_data);
    if (!done) throw conflict(KEPT_ASIDE_MESSAGES.changedMeanwhile, 'changed_meanwhile');
  }

  /** Puts an item's ciphertext into its slot, which held `before` (or did not exist). */
  async function fillSlot(
    trx: Db,
    slot: Slot,
    item: KeptAsideRow,
    before: { exists: boolean; held: Held | null },
  ): Promise<void> {
    const now = deps.now();
    const expected = before.held?.encrypted_data ?? null;
    let done: boolean;
    if (slot.kind === 'step') {
      done = before.exists
        ? await replaceStepCiphertext(trx, slot.key, expected, {
            encrypted_data: item.encrypted_data,
            updated_at: now,
          })
        : await insertStepIfMissing(trx, {
            ...slot.key,
            step_title: `Step ${slot.key.step_number}`,
            completed: 0,
            actions: '[]',
            encrypted_data: item.encrypted_data,
            encrypted: 1,
            started_at: now,
            completed_at: null,
            updated_at: now,
          });
    } else {
      const completed = inventoryCompleted(item.completed === 1, item.entry_count);
      const row: InventoryRow = {
        ...slot.key,
        items: JSON.stringify([completionMarker(completed, new Date(now))]),
        encrypted_data: item.encrypted_data,
        encrypted: 1,
        entry_count: item.entry_count,
        completed: completed ? 1 : 0,
        updated_at: now,
      };
      done = before.exists
        ? await replaceInventoryHolding(trx, expected, row)
        : await insertInventoryIfMissing(trx, row);
    }
    if (!done) throw conflict(KEPT_ASIDE_MESSAGES.changedMeanwhile, 'changed_meanwhile');
  }

  async function ownItem(trx: Db, user: UserRow, id: string): Promise<KeptAsideRow> {
    const row = await findKeptAside(trx, user.id, id);
    if (!row) throw notFound(KEPT_ASIDE_MESSAGES.notFound);
    return row;
  }

  return {
    async list(user: UserRow): Promise<KeptAsideItem[]> {
      return (await listKeptAside(db, user.id)).map(toKeptAsideItem);
    },

    async keepAside(user: UserRow, body: KeepAsideBody): Promise<KeptAsideItem> {
      return db.transaction().execute(async (trx) => {
        await lockPerson(trx, dialect, user.id);
        const slot = slotOf(user.id, body);
        const { held } = await heldIn(trx, slot);
        if (!held) throw notFound(KEPT_ASIDE_MESSAGES.nothingToKeep, 'nothing_to_keep');
        if ((await countKeptAside(trx, user.id)) >= MAX_KEPT_ASIDE_ITEMS) {
          throw conflict(KEPT_ASIDE_MESSAGES.tooMany, 'too_many_kept_aside');
        }
        const row = newRow(user.id, slot, held);
        await insertKeptAside(trx, row);
        await emptySlot(trx, slot, held);
        if (slot.kind === 'inventory') await recheckStepsAfterInventoryChange(trx, user.id, deps.now());
        return toKeptAsideItem(row);
      });
    },

    async update(user: UserRow, id: string, encryptedData: string): Promise<KeptAsideItem> {
      const row = await ownItem(db, user, id);
      if (encryptedData.length > MAX_KEPT_ASIDE_CIPHERTEXT[row.kind]) {
        throw badRequest(KEPT_ASIDE_MESSAGES.tooLong(row.kind), 'invalid_input');
      }
      const change = { encrypted_data: encryptedData, updated_at: deps.now() };
      if (!(await updateKeptAsideData(db, user.id, id, change))) throw notFound(KEPT_ASIDE_MESSAGES.notFound);
      return toKeptAsideItem({ ...row, ...change });
    },

    async putBack(user: UserRow, id: string): Promise<PutBackReply> {
      return db.transaction().execute(async (trx) => {
        await lockPerson(trx, dialect, user.id);
        const item = await ownItem(trx, user, id);
        if (!(await deleteKeptAside(trx, user.id, id))) throw notFound(KEPT_ASIDE_MESSAGES.notFound);
        const slot = slotOf(user.id, item);
        const before = await heldIn(trx, slot);
        let keptAside: KeptAsideItem | null = null;
        if (before.held) {
          const row = newRow(user.id, slot, before.held);
          await insertKeptAside(trx, row);
          keptAside = toKeptAsideItem(row);
        }
        await fillSlot(trx, slot, item, before);
        if (slot.kind === 'inventory') await recheckStepsAfterInventoryChange(trx, user.id, deps.now());
        return { keptAside };
      });
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await deleteKeptAside(db, user.id, id))) throw notFound(KEPT_ASIDE_MESSAGES.notFound);
    },
  };
}
