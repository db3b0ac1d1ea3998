import { z } from 'zod';
import { CIRCLE_LABELS, CIRCLES, type ThreeCircles } from '../circles/circles.ts';
import { entryCountText, inventoryCompleted } from '../inventory/entries.ts';
import type { InventoryType } from '../schemas/inventory.ts';
import type { ContentBlock } from '../shareDocuments/contentBlocks.ts';
import {
  type InventoryItem,
  inventoryEntriesOf,
  inventoryEntryContent,
  inventoryHeading,
  isMarkerItem,
} from '../shareDocuments/inventories.ts';
import { type StepForShare, stepContent } from '../shareDocuments/stepStatus.ts';

/*
 * What a shared item decrypts to in the sponsor's browser: a title, a status line, and blocks of labelled
 * fields, text or a list. The sponsee's browser builds it from the step or inventory as saved; the sponsor's
 * browser checks it against the schema before showing anything.
 */
const fieldSchema = z.strictObject({ label: z.string(), value: z.string() });
const blockSchema = z.union([
  z.strictObject({ heading: z.string(), fields: z.array(fieldSchema) }),
  z.strictObject({ heading: z.string(), text: z.string() }),
  z.strictObject({ heading: z.string(), items: z.array(z.string()) }),
]);

export const sharedItemContentSchema = z.strictObject({
  title: z.string().min(1),
  /** 'In Progress · Started 02-Jan-2026', '3 entries · Marked complete'. */
  status: z.string().optional(),
  blocks: z.array(blockSchema),
});
export type SharedItemContent = z.infer<typeof sharedItemContentSchema>;

export const SHARED_CONTENT_MESSAGES = {
  unreadable:
    'This item could not be shown: it was shared in a form this page cannot read. Reloading may help; if not, ask for it to be shared again.',
  empty: 'Nothing is written here yet.',
} as const;

/** A step as the sponsor sees it: its status and dates, every action, the answers and the private writing. */
export function sharedStepContent(item: StepForShare): SharedItemContent {
  const content = stepContent(item);
  const actions: ContentBlock = {
    heading: 'Actions',
    fields: content.actions.map((a) => ({ label: a.label, value: a.done ? 'Done' : 'Not yet' })),
  };
  return {
    title: content.title,
    status: [content.status, content.dates].filter(Boolean).join(' · '),
    blocks: [actions, ...content.blocks],
  };
}

/** An inventory as the sponsor sees it: each entry with its fields, how many, and whether it is marked complete. */
export function sharedInventoryContent(
  type: InventoryType,
  items: readonly InventoryItem[] | null | undefined,
): SharedItemContent {
  const entries = inventoryEntriesOf(items);
  const marked = (items ?? []).some((item) => isMarkerItem(item) && item.completed === true);
  const status = [
    entryCountText(entries.length),
    inventoryCompleted(marked, entries.length) ? 'Marked complete' : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    title: inventoryHeading(type),
    status,
    blocks: entries.map((entry) => {
      const { name, fields } = inventoryEntryContent(type, entry);
      return { heading: name, fields };
    }),
  };
}

/** The three circles as the sponsor sees them: one list a circle, inner first, and when they last changed. */
export function sharedCirclesContent(circles: ThreeCircles, version: number | null): SharedItemContent {
  return {
    title: 'My three circles',
    ...(version ? { status: `Version ${version}` } : {}),
    blocks: CIRCLES.map((circle) => ({
      heading: CIRCLE_LABELS[circle],
      items: circles[circle].map((item) => item.text),
    })),
  };
}

/** The decrypted payload checked against the schema, or the readable message to show instead. */
export function readSharedItemContent(
  value: unknown,
): { ok: true; content: SharedItemContent } | { ok: false; message: string } {
  const parsed = sharedItemContentSchema.safeParse(value);
  return parsed.success
    ? { ok: true, content: parsed.data }
    : { ok: false, message: SHARED_CONTENT_MESSAGES.unreadable };
}
