import {
  type CircleName,
  type CirclesChange,
  circlesChange,
  circlesChanged,
  emptyCircles,
  newCircleItemId,
  type ThreeCircles,
  threeCirclesSchema,
} from '@sam/core';
import { sameContent } from '../drafts/index.ts';

/**
 * The circles as the person is changing them: the version they started from (`basedOn`, null before the
 * first save) and its circles (`base`), what they have now, and why. It is also what the draft keeps.
 */
export type CirclesWork = {
  basedOn: number | null;
  base: ThreeCircles;
  circles: ThreeCircles;
  reason: string;
};

/** Where the unsaved work is kept as a draft (encrypted) until it is saved or given up. */
export const CIRCLES_DRAFT_PLACE = 'three-circles';

export function freshWork(basedOn: number | null, circles: ThreeCircles = emptyCircles()): CirclesWork {
  return { basedOn, base: circles, circles, reason: '' };
}

export const workChange = (work: CirclesWork): CirclesChange => circlesChange(work.base, work.circles);

/** Whether anything is typed or changed that is not saved: the leave guard and the draft go by this. */
export function workUnsaved(work: CirclesWork): boolean {
  return !sameContent(work.base, work.circles) || work.reason.trim() !== '';
}

/** Whether a save would make a new version: an item added, removed, reworded or moved. */
export const workChangesCircles = (work: CirclesWork): boolean => circlesChanged(workChange(work));

/** A new item with its text as typed (trimmed), at the end of `circle`. */
export function withNewItem(circles: ThreeCircles, circle: CircleName, text: string): ThreeCircles {
  return { ...circles, [circle]: [...circles[circle], { id: newCircleItemId(), text: text.trim() }] };
}

/** The circles ready to save (texts trimmed), or the first problem in words with the item it is about. */
export function circlesForSave(
  circles: ThreeCircles,
): { ok: true; circles: ThreeCircles } | { ok: false; message: string; itemId: string | null } {
  const parsed = threeCirclesSchema.safeParse(circles);
  if (parsed.success) return { ok: true, circles: parsed.data };
  const issue = parsed.error.issues[0];
  const [circle, index] = (issue?.path ?? []) as [CircleName | undefined, number | undefined];
  const itemId = circle !== undefined && index !== undefined ? (circles[circle][index]?.id ?? null) : null;
  return { ok: false, message: issue?.message ?? 'These circles cannot be saved.', itemId };
}

/** Why a save did not go through; `stale` when another save came first and a reload is the way on. */
export type SaveProblem = { message: string; stale: boolean };

/** A failed restore, for the dialog that asked for it. */
export class SaveProblemError extends Error {
  readonly stale: boolean;
  constructor(problem: SaveProblem) {
    super(problem.message);
    this.name = 'SaveProblemError';
    this.stale = problem.stale;
  }
}
