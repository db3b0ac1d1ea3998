/**
 * A person's three circles, SAA's way of defining abstinence for oneself: the inner circle holds the
 * behaviours they are abstaining from, the middle circle the warning signs and slippery behaviours, the
 * outer circle the healthy things that support their recovery. All of it is written by the person and
 * travels only as ciphertext; these rules run in the browser on the decrypted circles.
 */
import { z } from 'zod';
import { FIELD_LIMITS } from '../fieldLimits.ts';

export const CIRCLES = ['inner', 'middle', 'outer'] as const;
export type CircleName = (typeof CIRCLES)[number];

/** The order a first visit builds them in: what to stop, what to grow, then the warning signs between. */
export const CIRCLE_BUILD_ORDER: readonly CircleName[] = ['inner', 'outer', 'middle'];

export const CIRCLE_LABELS: Record<CircleName, string> = {
  inner: 'Inner circle',
  middle: 'Middle circle',
  outer: 'Outer circle',
};

/** What each circle holds, in SAM's words. */
export const CIRCLE_MEANINGS: Record<CircleName, string> = {
  inner: 'The behaviours I am abstaining from. Doing one of these is a slip.',
  middle: 'Warning signs and slippery behaviours: things that can lead me toward my inner circle.',
  outer: 'Healthy things that support my recovery and the life I want.',
};

/** More items than this in the inner circle earn a gentle note: it works best short and specific. */
export const INNER_CIRCLE_GENTLE_LIMIT = 5;
export const MAX_ITEMS_PER_CIRCLE = 50;

const itemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'An item id uses letters, digits, _ and -');
export const circleItemSchema = z.object({
  id: itemIdSchema,
  text: z
    .string()
    .trim()
    .min(1, 'An item needs some words')
    .max(FIELD_LIMITS.circleItem, `An item is at most ${FIELD_LIMITS.circleItem} characters`),
});
export type CircleItem = z.infer<typeof circleItemSchema>;

const circleListSchema = z.array(circleItemSchema).max(MAX_ITEMS_PER_CIRCLE);
export const threeCirclesSchema = z.object({
  inner: circleListSchema,
  middle: circleListSchema,
  outer: circleListSchema,
});
export type ThreeCircles = z.infer<typeof threeCirclesSchema>;

/** What one version holds once decrypted: the circles, and why they changed. */
export const circlesVersionContentSchema = z.object({
  circles: threeCirclesSchema,
  reason: z.string().max(FIELD_LIMITS.circleReason).optional(),
  /** The version this one brought back, when it is a restore. */
  restoredFrom: z.number().int().min(1).optional(),
});
export type CirclesVersionContent = z.infer<typeof circlesVersionContentSchema>;

export const emptyCircles = (): ThreeCircles => ({ inner: [], middle: [], outer: [] });

export const circlesAreEmpty = (circles: ThreeCircles): boolean =>
  CIRCLES.every((circle) => circles[circle].length === 0);

/** The note a first visit and the editor show once the inner circle grows long, else null. */
export function innerCircleNote(circles: ThreeCircles): string | null {
  return circles.inner.length > INNER_CIRCLE_GENTLE_LIMIT
    ? 'Your inner circle works best short and specific: a few clear behaviours you are abstaining from. Consider moving warning signs to your middle circle.'
    : null;
}

/** A fresh id for a new item; random so two browsers never make the same one. */
export function newCircleItemId(random: () => number = Math.random): string {
  return Array.from(
    { length: 12 },
    () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)],
  ).join('');
}

export function addCircleItem(circles: ThreeCircles, circle: CircleName, item: CircleItem): ThreeCircles {
  return { ...circles, [circle]: [...circles[circle], item] };
}

export function removeCircleItem(circles: ThreeCircles, circle: CircleName, id: string): ThreeCircles {
  return { ...circles, [circle]: circles[circle].filter((item) => item.id !== id) };
}

export function editCircleItem(
  circles: ThreeCircles,
  circle: CircleName,
  id: string,
  text: string,
): ThreeCircles {
  return { ...circles, [circle]: circles[circle].map((item) => (item.id === id ? { ...item, text } : item)) };
}

/** Moves an item one place up (-1) or down (+1) in its circle; unchanged at either end. */
export function reorderCircleItem(
  circles: ThreeCircles,
  circle: CircleName,
  id: string,
  by: -1 | 1,
): ThreeCircles {
  const list = [...circles[circle]];
  const from = list.findIndex((item) => item.id === id);
  const to = from + by;
  if (from === -1 || to < 0 || to >= list.length) return circles;
  [list[from], list[to]] = [list[to] as CircleItem, list[from] as CircleItem];
  return { ...circles, [circle]: list };
}

/** Moves an item to the end of another circle. */
export function moveCircleItem(
  circles: ThreeCircles,
  from: CircleName,
  to: CircleName,
  id: string,
): ThreeCircles {
  const item = circles[from].find((i) => i.id === id);
  if (!item || from === to) return circles;
  return addCircleItem(removeCircleItem(circles, from, id), to, item);
}

export type CirclesChange = {
  added: { circle: CircleName; text: string }[];
  removed: { circle: CircleName; text: string }[];
  edited: { circle: CircleName; from: string; to: string }[];
  reordered: CircleName[];
};

/** What changed from one version of the circles to the next, item by item (an item keeps its id). */
export function circlesChange(before: ThreeCircles, after: ThreeCircles): CirclesChange {
  const change: CirclesChange = { added: [], removed: [], edited: [], reordered: [] };
  for (const circle of CIRCLES) {
    const old = new Map(before[circle].map((item) => [item.id, item.text]));
    const now = new Map(after[circle].map((item) => [item.id, item.text]));
    for (const item of after[circle]) {
      const was = old.get(item.id);
      if (was === undefined) change.added.push({ circle, text: item.text });
      else if (was !== item.text) change.edited.push({ circle, from: was, to: item.text });
    }
    for (const item of before[circle]) {
      if (!now.has(item.id)) change.removed.push({ circle, text: item.text });
    }
    const kept = (list: CircleItem[], other: Map<string, string>) =>
      list.filter((item) => other.has(item.id)).map((item) => item.id);
    if (kept(before[circle], now).join() !== kept(after[circle], old).join()) change.reordered.push(circle);
  }
  return change;
}

export const circlesChanged = (change: CirclesChange): boolean =>
  change.added.length + change.removed.length + change.edited.length + change.reordered.length > 0;

/** Adding to or taking from the inner circle changes what counts as a slip: it asks for a moment first. */
export function changeTouchesInnerCircle(change: CirclesChange): boolean {
  return [...change.added, ...change.removed].some((c) => c.circle === 'inner');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line for the history: 'Added 2 items to the middle circle; removed 1 item from the inner circle'. */
export function describeCirclesChange(change: CirclesChange): string {
  const parts: string[] = [];
  const count = (list: { circle: CircleName }[], circle: CircleName) =>
    list.filter((c) => c.circle === circle).length;
  for (const circle of CIRCLES) {
    const name = CIRCLE_LABELS[circle].toLowerCase();
    const added = count(change.added, circle);
    const removed = count(change.removed, circle);
    const edited = count(change.edited, circle);
    if (added) parts.push(`added ${plural(added, 'item')} to the ${name}`);
    if (removed) parts.push(`removed ${plural(removed, 'item')} from the ${name}`);
    if (edited) parts.push(`reworded ${plural(edited, 'item')} in the ${name}`);
    if (change.reordered.includes(circle)) parts.push(`reordered the ${name}`);
  }
  const text = parts.join('; ');
  return text ? text[0]?.toUpperCase() + text.slice(1) : 'No changes';
}
