import { useSyncExternalStore } from 'react';

/**
 * The small note shown when a save went through but the sponsor's copy could not be updated. The person's
 * own save is never held back by it; the next save of the item tries again.
 */
let note: string | null = null;
const listeners = new Set<() => void>();

export function setSharedCopyNote(next: string | null): void {
  if (note === next) return;
  note = next;
  for (const listener of listeners) listener();
}

export const currentSharedCopyNote = (): string | null => note;

export function useSharedCopyNote(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => note,
    () => null,
  );
}
