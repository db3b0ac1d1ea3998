import {
  defaultInventoryVersion,
  type EntryRecord,
  INVENTORY_TYPES,
  type InventoryType,
  type KeptAsideItem,
  parseInventoryPayload,
  type StepPrivateData,
  storedStepPrivateDataSchema,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { recordsByNumber, stepPlace } from '../steps/index.ts';
import { openWith, type Slot, slotOf, slotPlace } from './places.ts';
import type { EarlierWritingApis } from './unlockEarlierWriting.ts';

/** What kept-aside writing holds, once the active key opens it. */
export type KeptAsideContent =
  | { kind: 'step'; data: StepPrivateData }
  | { kind: 'inventory'; type: InventoryType; entries: EntryRecord[] };

export type KeptAsideEntry = {
  item: KeptAsideItem;
  slot: Slot | null;
  /** False while only an earlier key opens it. */
  readable: boolean;
  /** Null when it is locked, or opens but is not in a shape SAM can show. */
  content: KeptAsideContent | null;
};

export type EarlierWritingScan = {
  /** Steps and current inventories the active key cannot open. */
  locked: Slot[];
  keptAside: KeptAsideEntry[];
};

type ScanApis = Pick<EarlierWritingApis, 'steps' | 'inventory' | 'keptAside'>;

function contentOf(slot: Slot, value: unknown): KeptAsideContent | null {
  try {
    if (slot.kind === 'inventory') {
      return { kind: 'inventory', type: slot.type, entries: parseInventoryPayload(slot.type, value) };
    }
    const parsed = storedStepPrivateDataSchema.safeParse(value ?? {});
    return parsed.success ? { kind: 'step', data: parsed.data } : null;
  } catch {
    return null;
  }
}

/** Tries the active key on the steps, the current inventories and the kept-aside writing. */
export async function scanEarlierWriting(active: DataCipher, apis: ScanApis): Promise<EarlierWritingScan> {
  const [steps, inventories, kept] = await Promise.all([
    apis.steps(),
    Promise.all(INVENTORY_TYPES.map((type) => apis.inventory(type, defaultInventoryVersion(type)))),
    apis.keptAside(),
  ]);
  const locked: Slot[] = [];
  for (const record of recordsByNumber(steps).values()) {
    const text = record.data.encryptedData;
    if (text && !(await openWith(active, text, stepPlace(record.step_number)))) {
      locked.push({ kind: 'step', stepNumber: record.step_number });
    }
  }
  for (const [i, type] of INVENTORY_TYPES.entries()) {
    const text = inventories[i]?.encryptedData;
    const slot: Slot = { kind: 'inventory', type };
    if (text && !(await openWith(active, text, slotPlace(slot)))) locked.push(slot);
  }
  const keptAside = await Promise.all(
    kept.map(async (item): Promise<KeptAsideEntry> => {
      const slot = slotOf(item);
      const opened = slot ? await openWith(active, item.encryptedData, slotPlace(slot)) : null;
      return {
        item,
        slot,
        readable: opened !== null,
        content: slot && opened ? contentOf(slot, opened.value) : null,
      };
    }),
  );
  return { locked, keptAside };
}
