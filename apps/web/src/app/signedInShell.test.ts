import { describe, expect, it } from 'vitest';
import { loadInLayers } from './signedInShell.ts';

/** Resolves after the tasks already waiting (and every microtask) have run. */
const afterATask = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('loadInLayers', () => {
  it('starts each layer only after the one before has loaded and a task has passed', async () => {
    const started: string[] = [];
    let finishFirst!: () => void;
    const loading = loadInLayers([
      () => {
        started.push('schemas');
        return new Promise<void>((resolve) => {
          finishFirst = resolve;
        });
      },
      async () => {
        started.push('account');
      },
    ]);
    await afterATask();
    expect(started).toEqual(['schemas']);

    finishFirst();
    // Microtasks alone do not reach the next layer: it waits for a task of its own.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(started).toEqual(['schemas']);

    await afterATask();
    expect(started).toEqual(['schemas', 'account']);
    await expect(loading).resolves.toBeUndefined();
  });

  it('stops at a layer that failed, and says why', async () => {
    const started: string[] = [];
    const loading = loadInLayers([
      async () => {
        started.push('first');
        throw new Error('offline');
      },
      async () => {
        started.push('second');
      },
    ]);
    await expect(loading).rejects.toThrow('offline');
    await afterATask();
    expect(started).toEqual(['first']);
  });
});
