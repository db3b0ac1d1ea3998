/**
 * Every change to the circles is kept as a new version, so a person (and a sponsor they share with) can
 * see how their definition of abstinence grew, and bring back an earlier one. Restoring never deletes:
 * it adds a version with the old circles.
 */
import type { CirclesVersionContent } from './circles.ts';

/** A version as the browser holds it once decrypted. */
export type CirclesVersion = { version: number; createdAt: string; content: CirclesVersionContent };

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
