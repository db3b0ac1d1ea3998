/**
 * Every change to the circles is kept as a new version, so a person (and a sponsor they share with) can
 * see how their definition of abstinence grew, and bring back an earlier one. Restoring never deletes:
 * it adds a version with the old circles.
 */
import { type CirclesChange, type CirclesVersionContent, circlesChange, emptyCircles } from './circles.ts';

/** A version as the browser holds it once decrypted. */
export type CirclesVersion = { version: number; createdAt: string; content: CirclesVersionContent };

/** The versions newest first, each with what changed from the one before it. */
export function circlesHistory(
  versions: readonly CirclesVersion[],
): (CirclesVersion & { change: CirclesChange })[] {
  const ordered = [...versions].sort((a, b) => a.version - b.version);
  return ordered
    .map((v, i) => ({
      ...v,
      change: circlesChange(ordered[i - 1]?.content.circles ?? emptyCircles(), v.content.circles),
    }))
    .reverse();
}

export function latestCirclesVersion(versions: readonly CirclesVersion[]): CirclesVersion | null {
  return versions.reduce<CirclesVersion | null>((a, b) => (a && a.version > b.version ? a : b), null);
}

/** The content of a new version that brings back `version`'s circles. */
export function restoredCirclesContent(version: CirclesVersion, reason?: string): CirclesVersionContent {
  const why = reason?.trim();
  return {
    circles: {
      inner: [...version.content.circles.inner],
      middle: [...version.content.circles.middle],
      outer: [...version.content.circles.outer],
    },
    restoredFrom: version.version,
    ...(why ? { reason: why } : {}),
  };
}
