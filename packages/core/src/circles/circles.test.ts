import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../fieldLimits.ts';
import {
  addCircleItem,
  changeTouchesInnerCircle,
  circleItemSchema,
  circlesChange,
  circlesChanged,
  describeCirclesChange,
  editCircleItem,
  emptyCircles,
  INNER_CIRCLE_GENTLE_LIMIT,
  innerCircleNote,
  moveCircleItem,
  newCircleItemId,
  removeCircleItem,
  reorderCircleItem,
  type ThreeCircles,
} from './circles.ts';
import { CIRCLE_EXAMPLES } from './examples.ts';
import { type CirclesVersion, restoredCirclesContent } from './versions.ts';

const item = (id: string, text = id) => ({ id, text });
const circles = (inner: string[], middle: string[] = [], outer: string[] = []): ThreeCircles => ({
  inner: inner.map((id) => item(id)),
  middle: middle.map((id) => item(id)),
  outer: outer.map((id) => item(id)),
});

describe('editing the circles', () => {
  it('adds, rewords, removes and moves items without touching the other circles', () => {
    let c = addCircleItem(emptyCircles(), 'outer', item('a', 'Meetings'));
    c = addCircleItem(c, 'outer', item('b', 'Walks'));
    c = editCircleItem(c, 'outer', 'b', 'Long walks');
    expect(c.outer).toEqual([item('a', 'Meetings'), item('b', 'Long walks')]);
    c = moveCircleItem(c, 'outer', 'middle', 'a');
    expect(c).toEqual({ inner: [], middle: [item('a', 'Meetings')], outer: [item('b', 'Long walks')] });
    expect(removeCircleItem(c, 'middle', 'a').middle).toEqual([]);
    expect(moveCircleItem(c, 'outer', 'outer', 'b')).toBe(c);
  });

  it('reorders one place at a time and stays put at either end', () => {
    const c = circles(['a', 'b', 'c']);
    expect(reorderCircleItem(c, 'inner', 'c', -1).inner.map((i) => i.id)).toEqual(['a', 'c', 'b']);
    expect(reorderCircleItem(c, 'inner', 'a', -1)).toBe(c);
    expect(reorderCircleItem(c, 'inner', 'c', 1)).toBe(c);
    expect(reorderCircleItem(c, 'inner', 'missing', 1)).toBe(c);
  });

  it('keeps items to some words within the limit', () => {
    expect(circleItemSchema.safeParse(item('a', '   ')).success).toBe(false);
    expect(circleItemSchema.safeParse(item('a', 'x'.repeat(FIELD_LIMITS.circleItem))).success).toBe(true);
    expect(circleItemSchema.safeParse(item('a', 'x'.repeat(FIELD_LIMITS.circleItem + 1))).success).toBe(
      false,
    );
    expect(circleItemSchema.safeParse(item('a|b', 'text')).success).toBe(false);
    expect(newCircleItemId()).toMatch(/^[a-z0-9]{12}$/);
  });

  it('notes gently when the inner circle grows long', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `i${i}`);
    expect(innerCircleNote(circles(ids(INNER_CIRCLE_GENTLE_LIMIT)))).toBeNull();
    expect(innerCircleNote(circles(ids(INNER_CIRCLE_GENTLE_LIMIT + 1)))).toMatch(/short and specific/);
  });

  it('offers examples for every circle, none of them graphic or long', () => {
    for (const list of Object.values(CIRCLE_EXAMPLES)) {
      expect(list.length).toBeGreaterThan(3);
      for (const text of list) expect(circleItemSchema.safeParse(item('e', text)).success).toBe(true);
    }
  });
});

describe('what changed', () => {
  it('names additions, removals, rewordings and reordering by circle', () => {
    const before = circles(['a'], ['m1', 'm2'], ['o1']);
    const after = {
      inner: [item('a'), item('b')],
      middle: [item('m2'), item('m1')],
      outer: [item('o1', 'Reworded')],
    };
    const change = circlesChange(before, after);
    expect(change).toEqual({
      added: [{ circle: 'inner', text: 'b' }],
      removed: [],
      edited: [{ circle: 'outer', from: 'o1', to: 'Reworded' }],
      reordered: ['middle'],
    });
    expect(describeCirclesChange(change)).toBe(
      'Added 1 item to the inner circle; reordered the middle circle; reworded 1 item in the outer circle',
    );
    expect(changeTouchesInnerCircle(change)).toBe(true);
  });

  it('asks about the inner circle only when items come or go there', () => {
    const before = circles(['a', 'b'], ['m']);
    expect(changeTouchesInnerCircle(circlesChange(before, circles(['b', 'a'], ['m'])))).toBe(false);
    expect(changeTouchesInnerCircle(circlesChange(before, circles(['a'], ['m'])))).toBe(true);
    expect(
      changeTouchesInnerCircle(circlesChange(before, moveCircleItem(before, 'middle', 'inner', 'm'))),
    ).toBe(true);
    expect(changeTouchesInnerCircle(circlesChange(before, circles(['a', 'b'], ['m', 'n'])))).toBe(false);
  });

  it('sees no change in identical circles', () => {
    const c = circles(['a'], ['b'], ['c']);
    expect(circlesChanged(circlesChange(c, JSON.parse(JSON.stringify(c))))).toBe(false);
    expect(describeCirclesChange(circlesChange(c, c))).toBe('No changes');
  });
});

describe('version history', () => {
  const version = (n: number, c: ThreeCircles, reason?: string): CirclesVersion => ({
    version: n,
    createdAt: `2026-11-2${n}T20:00:00.000Z`,
    content: { circles: c, ...(reason ? { reason } : {}) },
  });
  const versions = [
    version(2, circles(['a', 'b'], [], ['o']), 'Talked with my sponsor'),
    version(1, circles(['a'], [], ['o'])),
    version(3, circles(['a', 'b'], ['m'], ['o'])),
  ];

  it('restores an earlier version as new content that says where it came from', () => {
    const first = versions[1] as CirclesVersion;
    const restored = restoredCirclesContent(first, '  Going back  ');
    expect(restored).toEqual({ circles: first.content.circles, restoredFrom: 1, reason: 'Going back' });
    expect(restored.circles.inner).not.toBe(first.content.circles.inner);
    expect(restoredCirclesContent(first, ' ')).toEqual({ circles: first.content.circles, restoredFrom: 1 });
  });
});
