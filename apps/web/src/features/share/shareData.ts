import {
  findStep,
  hasInventoriesToShare,
  hasStepStatusToShare,
  hasThreeCirclesToShare,
  INVENTORY_TYPES,
  type InventoriesForShare,
  type InventoryItem,
  type InventoryType,
  inventoryPlace,
  parseInventoryPayload,
  SHARE_MESSAGES,
  type ShareType,
  type StepForShare,
  stepFourInventoriesDocument,
  stepStatusDocument,
  threeCirclesDocument,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { loadCirclesForShare } from '../backup/index.ts';
import { inventoryApi } from '../inventory/index.ts';
import { decodePrivateData, PROGRAM, progressApi, recordOf, stepPlace, TRACK } from '../steps/index.ts';

/** Every step of SAA's 12 steps with its private part decrypted; a step that cannot be read counts as empty. */
async function loadSteps(cipher: DataCipher): Promise<StepForShare[]> {
  const records = await progressApi.list().then(
    (reply) => reply.progress,
    (error: unknown) => {
      console.warn('Could not load step progress for sharing', error);
      return [];
    },
  );
  const steps: StepForShare[] = [];
  for (let n = 1; n <= 12; n++) {
    const step = findStep(PROGRAM, TRACK, n);
    if (!step) continue;
    const record = recordOf(records, n);
    let data = null;
    try {
      const cipherText = record?.data.encryptedData;
      data = cipherText ? decodePrivateData(await cipher.decrypt(cipherText, stepPlace(n))) : null;
    } catch (error) {
      console.warn(`Could not read step ${n} for sharing`, error);
    }
    steps.push({
      step,
      record: record
        ? {
            completed: record.completed,
            actions: record.data.actions,
            started_at: record.started_at,
            completed_at: record.completed_at,
          }
        : null,
      data,
    });
  }
  return steps;
}

/**
 * The three inventories, decrypted; one that fails to load or decrypt is an empty list, so the document can
 * still be made from the others.
 */
async function loadInventories(cipher: DataCipher): Promise<InventoriesForShare> {
  const lists = await Promise.all(
    INVENTORY_TYPES.map(async (type): Promise<InventoryItem[]> => {
      try {
        const reply = await inventoryApi.get(type);
        if (!reply.encryptedData) return [];
        return parseInventoryPayload(type, await cipher.decrypt(reply.encryptedData, inventoryPlace(type)));
      } catch (error) {
        console.warn(`Could not load the ${type} inventory for sharing`, error);
        return [];
      }
    }),
  );
  return Object.fromEntries(INVENTORY_TYPES.map((type, i) => [type, lists[i] ?? []])) as Record<
    InventoryType,
    InventoryItem[]
  >;
}

export type GeneratedDocument = { kind: 'document'; html: string } | { kind: 'nothing'; message: string };

/** Reads and decrypts the user's data in this browser and renders the chosen document. */
export async function generateShareDocument(
  type: ShareType,
  cipher: DataCipher,
  owner: string | null,
  today: string,
): Promise<GeneratedDocument> {
  if (type === '12-step-status') {
    const steps = await loadSteps(cipher);
    if (!hasStepStatusToShare(steps)) return { kind: 'nothing', message: SHARE_MESSAGES.nothingInSteps };
    return { kind: 'document', html: stepStatusDocument({ owner, date: today, steps }) };
  }
  if (type === 'three-circles') {
    const circles = await loadCirclesForShare(cipher);
    if (!hasThreeCirclesToShare(circles.circles)) {
      return { kind: 'nothing', message: SHARE_MESSAGES.nothingInCircles };
    }
    return { kind: 'document', html: threeCirclesDocument({ owner, date: today, ...circles }) };
  }
  const inventories = await loadInventories(cipher);
  if (!hasInventoriesToShare(inventories)) {
    return { kind: 'nothing', message: SHARE_MESSAGES.nothingInInventories };
  }
  return { kind: 'document', html: stepFourInventoriesDocument({ owner, date: today, inventories }) };
}
