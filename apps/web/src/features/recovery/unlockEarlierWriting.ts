import {
  type CompletionMarker,
  completionMarker,
  completionMarkerSchema,
  defaultInventoryVersion,
  INVENTORY_TYPES,
  type InventoryReply,
  type InventoryType,
  inventoryPlace,
  type KeptAsideItem,
  type KeyRecord,
  type StepRecord,
} from '@sam/core';
import {
  createDataCipher,
  type DataCipher,
  type EarlierSecret,
  openInactiveKeys,
} from '../../crypto/index.ts';
import type { StepSave } from '../steps/index.ts';
import { recordsByNumber, stepPlace } from '../steps/index.ts';
import { openWith, type Slot, slotKey, slotOf, slotPlace } from './places.ts';

/** The server calls the unlock makes, passed in so the module runs anywhere WebCrypto does. */
export type EarlierWritingApis = {
  earlierKeys(): Promise<KeyRecord[]>;
  steps(): Promise<StepRecord[]>;
  saveStep(save: StepSave): Promise<unknown>;
  inventoryVersions(type: InventoryType): Promise<string[]>;
  inventory(type: InventoryType, version: string): Promise<InventoryReply>;
  saveInventory(
    type: InventoryType,
    version: string,
    encryptedData: string,
    marker: CompletionMarker,
    entryCount: number,
  ): Promise<unknown>;
  keptAside(): Promise<KeptAsideItem[]>;
  updateKeptAside(id: string, encryptedData: string): Promise<unknown>;
  putBack(id: string): Promise<unknown>;
};

/** What one unlock did: pieces of writing opened with an earlier key and locked again with the active one. */
export type UnlockCounts = {
  steps: number;
  inventories: number;
  keptAside: number;
  /** Kept-aside writing that went back into its empty step or inventory. */
  putBack: number;
  /** Opened, but the server did not take the re-encrypted copy; trying again picks them up. */
  failed: number;
};

export const NO_EARLIER_KEY_MESSAGE =
  'Your account has no earlier key, so there is nothing an old password or recovery code could unlock. If SAM cannot read some writing, it was damaged; you can start that part over.';

/** There is no inactive key record on the account: the unreadable writing is damaged, not locked. */
export class NoEarlierKeyError extends Error {
  constructor() {
    super(NO_EARLIER_KEY_MESSAGE);
    this.name = 'NoEarlierKeyError';
  }
}

type Args = {
  crypto: Crypto;
  accountId: string;
  /** The e-mail writing from before the account-id binding is bound to (see createDataCipher). */
  v1Binding: string | null;
  /** The active data key's cipher: everything opened is encrypted again under it, at the same place. */
  active: DataCipher;
  secret: EarlierSecret;
  apis: EarlierWritingApis;
};

/**
 * Opens every earlier key the old password or recovery code fits, then goes through the steps, every
 * version of every inventory and the kept-aside writing: what the active key cannot open but an earlier
 * key can is encrypted again under the active key and written back in place. Readable kept-aside writing
 * whose step or inventory is empty goes back there. A wrong secret throws (CryptoError) before anything
 * is written; a failed write leaves that piece locked as it was, for the next try.
 */
export async function unlockEarlierWriting({
  crypto,
  accountId,
  v1Binding,
  active,
  secret,
  apis,
}: Args): Promise<UnlockCounts> {
  const records = await apis.earlierKeys();
  if (records.length === 0) throw new NoEarlierKeyError();
  const earlier = (await openInactiveKeys(crypto, records, secret)).map((key) =>
    createDataCipher(crypto, key, accountId, v1Binding),
  );
  const counts: UnlockCounts = { steps: 0, inventories: 0, keptAside: 0, putBack: 0, failed: 0 };

  /** The ciphertext again under the active key, or null when the active key already opens it (or none does). */
  async function relocked(text: string, place: string): Promise<string | null> {
    if (await openWith(active, text, place)) return null;
    for (const cipher of earlier) {
      const opened = await openWith(cipher, text, place);
      if (opened) return active.encrypt(opened.value, place);
    }
    return null;
  }

  /** Runs one write and counts it; false when the server did not take it. */
  async function write(kind: Exclude<keyof UnlockCounts, 'failed'>, work: () => Promise<unknown>) {
    try {
      await work();
      counts[kind] += 1;
      return true;
    } catch (error) {
      console.warn('Could not store writing unlocked with an earlier key', error);
      counts.failed += 1;
      return false;
    }
  }

  const filled = new Set<string>();
  const fill = (slot: Slot) => filled.add(slotKey(slot));

  for (const record of recordsByNumber(await apis.steps()).values()) {
    const text = record.data.encryptedData;
    if (!text) continue;
    fill({ kind: 'step', stepNumber: record.step_number });
    const encryptedData = await relocked(text, stepPlace(record.step_number));
    if (!encryptedData) continue;
    await write('steps', () =>
      apis.saveStep({
        step_number: record.step_number,
        step_title: record.step_title,
        completed: record.completed,
        actions: record.data.actions,
        encryptedData,
      }),
    );
  }

  for (const type of INVENTORY_TYPES) {
    for (const version of await apis.inventoryVersions(type)) {
      const reply = await apis.inventory(type, version);
      const text = reply.encryptedData;
      if (!text) continue;
      if (version === defaultInventoryVersion(type)) fill({ kind: 'inventory', type });
      const encryptedData = await relocked(text, inventoryPlace(type, version));
      if (!encryptedData) continue;
      const marker = completionMarkerSchema.safeParse(reply.items[0]);
      await write('inventories', () =>
        apis.saveInventory(
          type,
          version,
          encryptedData,
          marker.success ? marker.data : completionMarker(reply.completed, new Date()),
          reply.entry_count,
        ),
      );
    }
  }

  // Newest first (the server's order): the newest readable piece is the one that goes back.
  for (const item of await apis.keptAside()) {
    const slot = slotOf(item);
    if (!slot) continue;
    const place = slotPlace(slot);
    let readable = (await openWith(active, item.encryptedData, place)) !== null;
    if (!readable) {
      const encryptedData = await relocked(item.encryptedData, place);
      if (encryptedData)
        readable = await write('keptAside', () => apis.updateKeptAside(item.id, encryptedData));
    }
    if (!readable || filled.has(slotKey(slot))) continue;
    fill(slot);
    await write('putBack', () => apis.putBack(item.id));
  }
  return counts;
}
