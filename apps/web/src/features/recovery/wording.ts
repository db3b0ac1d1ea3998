import type { UnlockCounts } from './unlockEarlierWriting.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'A', 'A and B', 'A, B and C'. */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What an unlock did, for the person who asked for it. */
export function unlockSummary(counts: UnlockCounts): string[] {
  const parts = [
    counts.steps ? count(counts.steps, 'step', 'steps') : '',
    counts.inventories ? count(counts.inventories, 'inventory', 'inventories') : '',
    counts.keptAside
      ? count(counts.keptAside, 'piece of writing kept aside', 'pieces of writing kept aside')
      : '',
  ].filter(Boolean);
  const lines =
    parts.length > 0
      ? [
          `Unlocked: ${listOf(parts)}. This writing is now locked with your current password, like everything else you write.`,
        ]
      : ['Your earlier key opened, but there was no locked writing left for it to unlock.'];
  if (counts.putBack > 0) {
    lines.push(
      counts.putBack === 1
        ? 'Writing you had kept aside went back to its place, because that place was empty.'
        : `${counts.putBack} pieces of writing you had kept aside went back to their places, because those places were empty.`,
    );
  }
  if (counts.failed > 0) {
    lines.push(
      `SAM could not save ${count(counts.failed, 'piece', 'pieces')} just now. Nothing was lost: try Unlock again in a moment.`,
    );
  }
  return lines;
}
