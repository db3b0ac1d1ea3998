import {
  type BackupPayload,
  buildBackupPayload,
  hasCurrentData,
  INVENTORY_TYPES,
  type InventorySnapshot,
  type InventoryType,
  inventoryCompleted,
  inventoryPlace,
  parseInventoryPayload,
  type SavedTimes,
  type StepSnapshot,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { inventoryApi } from '../inventory/index.ts';
import { decodePrivateData, progressApi, recordsByNumber, stepPlace } from '../steps/index.ts';
import { loadRecoveryTools } from './recoveryTools.ts';

/** The user's current data, decrypted in this browser, ready to be backed up. */
export type CurrentData = {
  /** Anything saved at all (the same rule the server applies before a restore). */
  hasData: boolean;
  payload: BackupPayload;
  /** Some part could not be decrypted; the payload holds only what could. */
  partial: boolean;
  /** When each part was last saved: a restore preview names what is newer than the file. */
  savedAt: SavedTimes;
};

async function readable<T>(work: () => Promise<T>, fallback: T, onFail: () => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.warn('Could not decrypt part of your data', error);
    onFail();
    return fallback;
  }
}

export async function loadCurrentData(cipher: DataCipher): Promise<CurrentData> {
  let partial = false;
  const failed = () => {
    partial = true;
  };
  const [list, recoveryTools, ...replies] = await Promise.all([
    progressApi.list(),
    loadRecoveryTools(cipher, failed),
    ...INVENTORY_TYPES.map((type) => inventoryApi.get(type)),
  ]);
  const records = [...recordsByNumber(list.progress).values()];
  const steps: StepSnapshot[] = await Promise.all(
    records.map(async (record) => {
      const text = record.data.encryptedData;
      const data = text
        ? await readable(
            async () => decodePrivateData(await cipher.decrypt(text, stepPlace(record.step_number))),
            {},
            failed,
          )
        : {};
      return {
        step_number: record.step_number,
        step_title: record.step_title,
        completed: record.completed,
        actions: record.data.actions,
        data,
        started_at: record.started_at,
        completed_at: record.completed_at,
      };
    }),
  );
  const inventories = {} as Record<InventoryType, InventorySnapshot>;
  await Promise.all(
    INVENTORY_TYPES.map(async (type, i) => {
      const reply = replies[i] as Awaited<ReturnType<typeof inventoryApi.get>>;
      const text = reply.encryptedData;
      const entries = text
        ? await readable(
            async () => parseInventoryPayload(type, await cipher.decrypt(text, inventoryPlace(type))),
            [],
            failed,
          )
        : [];
      inventories[type] = { entries, completed: inventoryCompleted(reply.completed, entries.length) };
    }),
  );
  return {
    hasData: hasCurrentData(records, replies, recoveryTools.stored),
    payload: buildBackupPayload(steps, inventories, recoveryTools.tools),
    partial,
    savedAt: {
      steps: Object.fromEntries(records.map((r) => [r.step_number, r.updated_at])),
      inventories: Object.fromEntries(
        INVENTORY_TYPES.map((type, i) => [type, (replies[i] as { updated_at: string }).updated_at]),
      ),
      ...recoveryTools.times,
    },
  };
}
