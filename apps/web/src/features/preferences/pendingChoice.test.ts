import { describe, expect, it } from 'vitest';
import {
  clearPendingChoice,
  PENDING_CHOICE_KEY,
  PENDING_CHOICE_TTL_MS,
  savePendingChoice,
  takePendingChoice,
} from './pendingChoice.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('pending onboarding choice', () => {
  it('is taken once', () => {
    const storage = memoryStorage();
    savePendingChoice(storage, 'saa', 1000);
    expect(takePendingChoice(storage, 2000)).toEqual({ choice: 'saa', savedAt: 1000 });
    expect(takePendingChoice(storage, 2000)).toBeNull();
  });
  it('expires', () => {
    const storage = memoryStorage();
    savePendingChoice(storage, 'aa', 0);
    expect(takePendingChoice(storage, PENDING_CHOICE_TTL_MS + 1)).toBeNull();
    expect(storage.map.size).toBe(0);
  });
  it('ignores bad values and can be cleared', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_CHOICE_KEY, '{"choice":"xx","savedAt":1}');
    expect(takePendingChoice(storage, 2)).toBeNull();
    storage.setItem(PENDING_CHOICE_KEY, 'nope');
    expect(takePendingChoice(storage, 2)).toBeNull();
    // A choice kept by an earlier version, with the suggestions it used to save beside it: only the choice.
    storage.setItem(PENDING_CHOICE_KEY, '{"choice":"na","recommended":["aa","oa"],"savedAt":1}');
    expect(takePendingChoice(storage, 2)).toEqual({ choice: 'na', savedAt: 1 });
    savePendingChoice(storage, 'na', 1);
    clearPendingChoice(storage);
    expect(takePendingChoice(storage, 2)).toBeNull();
  });
});
