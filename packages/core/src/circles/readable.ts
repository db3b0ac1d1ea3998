/**
 * The circles as one browser holds them: every stored version, each opened with this browser's key or
 * not. A version this browser cannot read is kept in the list as unreadable; it never turns into empty
 * circles that a save would put over the person's own.
 */
import { type CirclesChange, type CirclesVersionContent, circlesChange, emptyCircles } from './circles.ts';

/** What the data cipher binds version `version`'s ciphertext to. */
export const circlesVersionPlace = (version: number): string => `three-circles:version-${version}`;

/** The number the next save gets: one after the version it is based on, 1 for the first. */
export const nextCirclesVersion = (basedOn: number | null): number => (basedOn ?? 0) + 1;

/** A stored version: its content once decrypted, or null when this browser cannot read it. */
export type StoredCirclesVersion = {
  version: number;
  createdAt: string;
  content: CirclesVersionContent | null;
};

/** One line of the history; `change` is null when this version or the one before it cannot be read. */
export type CirclesHistoryEntry = StoredCirclesVersion & { change: CirclesChange | null };

/** The versions newest first, each with what changed from the version just before it. */
export function readableCirclesHistory(versions: readonly StoredCirclesVersion[]): CirclesHistoryEntry[] {
  const ordered = [...versions].sort((a, b) => a.version - b.version);
  return ordered
    .map((v, i) => {
      const before = i === 0 ? { content: { circles: emptyCircles() } } : ordered[i - 1];
      const change =
        v.content && before?.content ? circlesChange(before.content.circles, v.content.circles) : null;
      return { ...v, change };
    })
    .reverse();
}

/** The reason a restore keeps when the person writes none. */
export const restoredReason = (version: number): string => `Restored version ${version}`;
