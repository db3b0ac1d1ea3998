import type { CompletionMarker, InventoryType } from '../schemas/inventory.ts';
import { completionMarkerSchema } from '../schemas/inventory.ts';
import { type EntryRecord, INVENTORY_FIELDS, inventoryCompleted } from './entries.ts';

type Item = Record<string, unknown>;

const isMarker = (item: Item) => item._type === 'completion_status';

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(asText).filter(Boolean).join(', ')
      : value === null || value === undefined
        ? ''
        : String(value);

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(asText).filter(Boolean) : asText(value) ? [asText(value)] : [];

/**
 * The entries of an inventory an older client saved in the clear, in the shape SAM encrypts: each known
 * field as text or list, and an id (its own, or one made from its place, so every read gives the same).
 * Nothing is dropped: a field SAM does not know is written, with its name, at the end of the entry's last
 * text field, so the owner still sees it.
 */
export function readableInventoryEntries(type: InventoryType, items: readonly Item[]): EntryRecord[] {
  const fields = INVENTORY_FIELDS[type];
  const known = new Set(['id', '_type', ...fields.map((f) => f.key)]);
  const last = [...fields].reverse().find((f) => f.kind === 'textarea')?.key ?? 'why';
  return items
    .filter((item) => !isMarker(item))
    .map((item, index) => {
      const id = typeof item.id === 'string' && item.id.length > 0 && item.id.length <= 100 ? item.id : '';
      const entry: EntryRecord = { id: id || `readable-${index + 1}` };
      for (const field of fields) {
        entry[field.key] = field.kind === 'list' ? asList(item[field.key]) : asText(item[field.key]);
      }
      const others = Object.entries(item)
        .filter(([key, value]) => !known.has(key) && asText(value).trim() !== '')
        .map(([key, value]) => `${key}: ${asText(value)}`);
      if (others.length > 0) {
        entry[last] = [asText(entry[last]), ...others].filter(Boolean).join('\n\n');
      }
      return entry;
    });
}

/** The readable inventory's completion marker, kept as it was (or "not complete" when it had none). */
export function readableInventoryMarker(
  items: readonly Item[],
  entryCount: number,
  now: Date,
): CompletionMarker {
  const parsed = completionMarkerSchema.safeParse(items.find(isMarker));
  const completed = parsed.success && inventoryCompleted(parsed.data.completed, entryCount);
  return {
    _type: 'completion_status',
    completed,
    timestamp: parsed.success ? parsed.data.timestamp : now.toISOString(),
  };
}
