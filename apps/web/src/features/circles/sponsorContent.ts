import { emptyCircles, type SharedItemContent, sharedCirclesContent } from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { loadCircles } from './loadCircles.ts';

/**
 * What the sponsor's copy of the circles holds: the newest version as saved. A newest version this
 * browser cannot read is an error, so the sponsor's copy is never replaced with empty circles.
 */
export async function loadCirclesForSponsor(cipher: DataCipher): Promise<SharedItemContent> {
  const versions = await loadCircles(cipher);
  const newest = versions.reduce<(typeof versions)[number] | null>(
    (a, b) => (a && a.version > b.version ? a : b),
    null,
  );
  if (!newest) return sharedCirclesContent(emptyCircles(), null);
  if (!newest.content) throw new Error('The newest version of the circles cannot be read in this browser');
  return sharedCirclesContent(newest.content.circles, newest.version);
}
