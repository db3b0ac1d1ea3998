import {
  findStep,
  inventoryPlace,
  parseInventoryPayload,
  type SharedItemContent,
  type SpaceItemKey,
  sharedInventoryContent,
  sharedStepContent,
  spaceItemInventory,
  spaceItemStep,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { loadCirclesForSponsor } from '../circles/index.ts';
import { inventoryApi } from '../inventory/index.ts';
import { decodePrivateData, PROGRAM, progressApi, recordOf, stepPlace, TRACK } from '../steps/index.ts';

/**
 * What the sponsor's copy of one item holds, read and decrypted from what this person saved. Unlike a
 * share document, a part that cannot be read is an error: an empty copy would replace the sponsor's.
 */
export async function loadItemContent(cipher: DataCipher, itemKey: SpaceItemKey): Promise<SharedItemContent> {
  if (itemKey === 'three-circles') return loadCirclesForSponsor(cipher);
  const number = spaceItemStep(itemKey);
  if (number !== null) {
    const step = findStep(PROGRAM, TRACK, number);
    if (!step) throw new Error(`No step ${number}`);
    const record = recordOf((await progressApi.list()).progress, number);
    const ciphertext = record?.data.encryptedData;
    const data = ciphertext ? decodePrivateData(await cipher.decrypt(ciphertext, stepPlace(number))) : null;
    return sharedStepContent({
      step,
      record: record && {
        completed: record.completed,
        actions: record.data.actions,
        started_at: record.started_at,
        completed_at: record.completed_at,
      },
      data,
    });
  }
  const type = spaceItemInventory(itemKey);
  if (!type) throw new Error(`Not an item: ${itemKey}`);
  const reply = await inventoryApi.get(type);
  const entries = reply.encryptedData
    ? parseInventoryPayload(type, await cipher.decrypt(reply.encryptedData, inventoryPlace(type)))
    : [];
  // The completion marker travels beside the ciphertext, in the reply's items.
  return sharedInventoryContent(type, [...reply.items, ...entries]);
}
