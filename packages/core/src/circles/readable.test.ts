import { describe, expect, it } from 'vitest';
import { emptyCircles, type ThreeCircles } from './circles.ts';
import {
  circlesVersionPlace,
  nextCirclesVersion,
  readableCirclesHistory,
  restoredReason,
  type StoredCirclesVersion,
} from './readable.ts';

const withInner = (...texts: string[]): ThreeCircles => ({
  ...emptyCircles(),
  inner: texts.map((text) => ({ id: text.toLowerCase().replace(/\W/g, '-'), text })),
});
const stored = (version: number, circles: ThreeCircles | null): StoredCirclesVersion => ({
  version,
  createdAt: `2026-03-0${version}T10:00:00.000Z`,
  content: circles ? { circles } : null,
});

describe('the circles as this browser reads them', () => {
  it('binds each version to a place of its own and numbers the next one after its base', () => {
    expect(circlesVersionPlace(3)).toBe('three-circles:version-3');
    expect(nextCirclesVersion(null)).toBe(1);
    expect(nextCirclesVersion(4)).toBe(5);
    expect(restoredReason(2)).toBe('Restored version 2');
  });

  it('lists the history newest first, each with what changed from the one before', () => {
    const history = readableCirclesHistory([
      stored(2, withInner('Paying for sex', 'Viewing pornography')),
      stored(1, withInner('Paying for sex')),
    ]);
    expect(history.map((h) => h.version)).toEqual([2, 1]);
    expect(history[0]?.change?.added).toEqual([{ circle: 'inner', text: 'Viewing pornography' }]);
    expect(history[1]?.change?.added).toEqual([{ circle: 'inner', text: 'Paying for sex' }]);
  });

  it('keeps a version it cannot read, with no change for it or the version after it', () => {
    const history = readableCirclesHistory([
      stored(1, withInner('Paying for sex')),
      stored(2, null),
      stored(3, withInner('Paying for sex', 'Viewing pornography')),
    ]);
    expect(history.map((h) => [h.version, h.content === null, h.change === null])).toEqual([
      [3, false, true],
      [2, true, true],
      [1, false, false],
    ]);
  });
});
