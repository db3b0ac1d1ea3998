import type { EntryRecord, InventoryType } from '@sam/core';
import { useSyncExternalStore } from 'react';

/** An import that can be undone: the version the inventory was kept under (null: it was empty). */
export type UndoOffer = {
  keptVersion: string | null;
  /** The entries the import left; once the inventory shows others, the offer is no longer about them. */
  entries: readonly EntryRecord[];
};

const offers = new Map<InventoryType, UndoOffer>();
const listeners = new Set<() => void>();

/** Shared by the upload (which makes the offer) and the Earlier versions section (which shows it). */
export function setUndoOffer(type: InventoryType, offer: UndoOffer | null): void {
  if (offer) offers.set(type, offer);
  else offers.delete(type);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUndoOffer(type: InventoryType): UndoOffer | null {
  return useSyncExternalStore(
    subscribe,
    () => offers.get(type) ?? null,
    () => null,
  );
}
