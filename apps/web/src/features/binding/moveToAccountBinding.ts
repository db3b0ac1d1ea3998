import {
  type BindingSwap,
  INVENTORY_TYPES,
  type InventoryReply,
  type InventoryType,
  inventoryPlace,
  type KeptAsideItem,
  PROFILE_DETAILS_PLACE,
  type StepRecord,
} from '@sam/core';
import { type DataCipher, SHARE_KEY_PLACE } from '../../crypto/index.ts';
import { slotOf, slotPlace } from '../recovery/index.ts';
import { PROGRAM, stepPlace, TRACK } from '../steps/index.ts';

/** The server calls the move makes, passed in so the module runs anywhere WebCrypto does. */
export type BindingApis = {
  steps(): Promise<StepRecord[]>;
  inventoryVersions(type: InventoryType): Promise<string[]>;
  inventory(type: InventoryType, version: string): Promise<InventoryReply>;
  keptAside(): Promise<KeptAsideItem[]>;
  /** The profile's encrypted details, or null when there is no profile or none were saved. */
  profileDetails(): Promise<string | null>;
  shareKeys(): Promise<Array<{ id: string; owner_key: string }>>;
  /** Swaps one ciphertext if the record still holds `from`; false when something newer was saved. */
  swap(swap: BindingSwap): Promise<boolean>;
  /** Records that every piece this browser can read is bound to the account id. */
  finish(): Promise<void>;
};

export type BindingMoveCounts = {
  /** Pieces encrypted again under the account-id binding. */
  moved: number;
  /** Pieces this key cannot open (an earlier key's writing, or damage): they stay as they are. */
  unreadable: number;
  /** Moves the server did not take (saved over meanwhile, or a failed request). */
  notTaken: number;
  /** Requests that failed: the next sign-in tries again, and the account stays at binding 1. */
  failed: number;
};

type Piece = { text: string; place: string; swap: (to: string) => BindingSwap };

async function* pieces(apis: BindingApis): AsyncGenerator<Piece> {
  for (const record of await apis.steps()) {
    const text = record.data.encryptedData;
    if (!text || record.program !== PROGRAM || record.track !== TRACK) continue;
    const { program, track, step_number } = record;
    yield {
      text,
      place: stepPlace(step_number),
      swap: (to) => ({ kind: 'step', program, track, step_number, from: text, to }),
    };
  }
  for (const inventory_type of INVENTORY_TYPES) {
    for (const version of await apis.inventoryVersions(inventory_type)) {
      const text = (await apis.inventory(inventory_type, version)).encryptedData;
      if (!text) continue;
      yield {
        text,
        place: inventoryPlace(inventory_type, version),
        swap: (to) => ({ kind: 'inventory', inventory_type, version, from: text, to }),
      };
    }
  }
  for (const item of await apis.keptAside()) {
    const slot = slotOf(item);
    if (!slot) continue;
    const text = item.encryptedData;
    yield {
      text,
      place: slotPlace(slot),
      swap: (to) => ({ kind: 'kept-aside', id: item.id, from: text, to }),
    };
  }
  const details = await apis.profileDetails();
  if (details) {
    yield {
      text: details,
      place: PROFILE_DETAILS_PLACE,
      swap: (to) => ({ kind: 'profile', from: details, to }),
    };
  }
  for (const { id, owner_key } of await apis.shareKeys()) {
    yield {
      text: owner_key,
      place: SHARE_KEY_PLACE,
      swap: (to) => ({ kind: 'share', id, from: owner_key, to }),
    };
  }
}

/**
 * Moves every piece of writing still bound to the e-mail (binding 1) to the account id (binding 2): each
 * is opened, encrypted again and swapped on the server only if it is unchanged, so a save made meanwhile
 * is never overwritten. Each swap stands alone: if the move stops half-way, what moved is readable, what
 * did not is still readable under binding 1, and the next sign-in goes on from there. Only a move with no
 * failure tells the server the account is done.
 */
export async function moveToAccountBinding(
  cipher: DataCipher,
  apis: BindingApis,
): Promise<BindingMoveCounts> {
  const counts: BindingMoveCounts = { moved: 0, unreadable: 0, notTaken: 0, failed: 0 };
  try {
    for await (const piece of pieces(apis)) {
      const opened = await cipher.open(piece.text, piece.place).catch(() => null);
      if (!opened) {
        counts.unreadable += 1;
        continue;
      }
      if (opened.binding === 2) continue;
      try {
        const to = await cipher.encrypt(opened.value, piece.place);
        if (await apis.swap(piece.swap(to))) counts.moved += 1;
        else counts.notTaken += 1;
      } catch (error) {
        console.warn('Could not move a piece of writing to the account binding', error);
        counts.failed += 1;
      }
    }
  } catch (error) {
    console.warn('Could not list the writing to move to the account binding', error);
    counts.failed += 1;
  }
  if (counts.failed === 0) await apis.finish();
  return counts;
}
