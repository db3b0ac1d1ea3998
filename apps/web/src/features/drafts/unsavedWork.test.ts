import { describe, expect, it } from 'vitest';
import { saveWhatCanBeSaved, type UnsavedWork, unsavedWorkRegistry } from './unsavedWork.ts';

/** A piece of work whose save `flush` resolves as given (true: saved). */
function work(flush: () => Promise<boolean>): UnsavedWork & { saved: boolean } {
  const piece = {
    saved: false,
    unsaved: () => !piece.saved,
    flush: async () => {
      piece.saved = await flush();
      return piece.saved;
    },
    keptOn: 'device' as const,
  };
  return piece;
}

const never = () => new Promise<boolean>(() => undefined);

describe('saving what can be saved before a close', () => {
  it('saves every piece it can and gives back the rest', async () => {
    const registry = unsavedWorkRegistry(null);
    const added = work(async () => true);
    const editing = work(async () => false);
    const failing = work(() => Promise.reject(new Error('offline')));
    for (const piece of [added, editing, failing]) registry.add(piece);
    const left = await saveWhatCanBeSaved(registry);
    expect(left).toEqual([editing, failing]);
    expect(added.saved).toBe(true);
    expect(registry.pending()).toEqual([editing, failing]);
  });

  it('asks nothing of work that is already saved', async () => {
    const registry = unsavedWorkRegistry(null);
    const done = work(never);
    done.saved = true;
    registry.add(done);
    expect(await saveWhatCanBeSaved(registry, { waitMs: 10 })).toEqual([]);
  });

  it('counts a save that takes longer than the wait as not saved', async () => {
    const registry = unsavedWorkRegistry(null);
    const slow = work(never);
    const quick = work(async () => true);
    registry.add(slow);
    registry.add(quick);
    expect(await saveWhatCanBeSaved(registry, { waitMs: 20 })).toEqual([slow]);
  });
});
