import {
  findStep,
  INVENTORY_LABELS,
  type InventoryType,
  inventoryPlace,
  type KeepAsideBody,
  type KeptAsideItem,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { PROGRAM, stepPlace, TRACK } from '../steps/index.ts';

/** A step or an inventory: a place where writing lives, and where kept-aside writing goes back to. */
export type Slot = { kind: 'step'; stepNumber: number } | { kind: 'inventory'; type: InventoryType };

export function slotOf(item: KeptAsideItem): Slot | null {
  if (item.kind === 'inventory') return { kind: 'inventory', type: item.inventory_type };
  // Only SAA's 12 steps hold encrypted writing; anything else has no place this browser knows.
  if (item.program !== PROGRAM || item.track !== TRACK) return null;
  return { kind: 'step', stepNumber: item.step_number };
}

export const slotKey = (slot: Slot) =>
  slot.kind === 'step' ? `step:${slot.stepNumber}` : `inventory:${slot.type}`;

/** The additional data a slot's ciphertext is bound to; kept-aside writing keeps the place it came from. */
export const slotPlace = (slot: Slot) =>
  slot.kind === 'step' ? stepPlace(slot.stepNumber) : inventoryPlace(slot.type);

/** 'Step Three', 'your Resentments inventory'. */
export function slotName(slot: Slot): string {
  if (slot.kind === 'step')
    return findStep(PROGRAM, TRACK, slot.stepNumber)?.title ?? `Step ${slot.stepNumber}`;
  return `your ${INVENTORY_LABELS[slot.type]} inventory`;
}

/** The value inside a ciphertext, or null when this cipher cannot open it (another key, or damage). */
export async function openWith(
  cipher: Pick<DataCipher, 'decrypt'>,
  text: string,
  place: string,
): Promise<{ value: unknown } | null> {
  try {
    return { value: await cipher.decrypt(text, place) };
  } catch {
    return null;
  }
}

/** The request that keeps a slot's current writing aside ("start this item over"). */
export function keepAsideBody(slot: Slot): KeepAsideBody {
  return slot.kind === 'step'
    ? { kind: 'step', program: PROGRAM, track: TRACK, step_number: slot.stepNumber }
    : { kind: 'inventory', inventory_type: slot.type };
}
