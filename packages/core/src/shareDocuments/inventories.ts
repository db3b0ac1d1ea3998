import { DEFECT_OPTIONS, entryCountText, IMPACT_OPTIONS, optionLabel } from '../inventory/entries.ts';
import type { InventoryType } from '../schemas/inventory.ts';
import { formatDisplayDate } from '../steps/dates.ts';
import type { ContentField } from './contentBlocks.ts';
import { documentHeader, escapeHtml, field, htmlPage } from './html.ts';

/** An item of a decrypted inventory: an entry, or the completion marker some saves carry. */
export type InventoryItem = Readonly<Record<string, unknown>>;
export type InventoriesForShare = Readonly<Record<InventoryType, readonly InventoryItem[]>>;

export const STEP_FOUR_DOCUMENT_TITLE = 'Step Four Inventories';

/** The completion marker kept beside the entries is not an entry. */
export function isMarkerItem(item: InventoryItem): boolean {
  return item._type === 'completion_status';
}

export function inventoryEntriesOf(items: readonly InventoryItem[] | null | undefined): InventoryItem[] {
  return (items ?? []).filter((item) => !isMarkerItem(item));
}

type Column = { key: string; label: string; list?: boolean };
type Section = { type: InventoryType; heading: string; main: string; columns: readonly Column[] };

const SECTIONS: readonly Section[] = [
  {
    type: 'resentments',
    heading: 'Resentments Inventory',
    main: 'who',
    columns: [
      { key: 'why', label: 'Why' },
      { key: 'feeling', label: 'Feelings' },
      { key: 'impacts', label: 'Impacted', list: true },
      { key: 'myPart', label: 'My Part' },
    ],
  },
  {
    type: 'fears',
    heading: 'Fears Inventory',
    main: 'fear',
    columns: [
      { key: 'why', label: 'Why' },
      { key: 'impacts', label: 'Impacted', list: true },
      { key: 'myPart', label: 'My Part' },
    ],
  },
  {
    type: 'harms',
    heading: 'Harms Done Inventory',
    main: 'whoHarmed',
    columns: [
      { key: 'how', label: 'How' },
      { key: 'defects', label: 'Defects', list: true },
      { key: 'alternative', label: 'What could I have done differently' },
    ],
  },
];

const KNOWN_OPTIONS: ReadonlySet<string> = new Set([...IMPACT_OPTIONS, ...DEFECT_OPTIONS]);

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** List fields are joined by commas; SAM's own option ids read as words. */
function listText(value: unknown): string {
  const items = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  return items
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((item) => (KNOWN_OPTIONS.has(item) ? optionLabel(item) : item.trim()))
    .join(', ');
}

/** One inventory entry as both the share document and a sponsor's copy show it: its name and its fields. */
export function inventoryEntryContent(
  type: InventoryType,
  entry: InventoryItem,
): { name: string; fields: ContentField[] } {
  const section = sectionOf(type);
  return {
    name: textOf(entry[section.main]).trim() || 'Unknown',
    fields: section.columns.map((c) => ({
      label: c.label,
      value: (c.list ? listText(entry[c.key]) : textOf(entry[c.key])).trim(),
    })),
  };
}

const sectionOf = (type: InventoryType): Section =>
  SECTIONS.find((s) => s.type === type) ?? (SECTIONS[0] as Section);

/** 'Resentments Inventory', 'Harms Done Inventory'. */
export const inventoryHeading = (type: InventoryType): string => sectionOf(type).heading;

function entryHtml(section: Section, entry: InventoryItem): string {
  const { name, fields } = inventoryEntryContent(section.type, entry);
  const rows = fields.map((f) => field(f.label, f.value)).join('');
  return `<article class="entry"><h3>${escapeHtml(name)}</h3><dl>${rows}</dl></article>`;
}

function sectionHtml(section: Section, entries: readonly InventoryItem[]): string {
  const count = entryCountText(entries.length);
  return `<section><h2>${section.heading} (${count})</h2>${entries.map((e) => entryHtml(section, e)).join('')}</section>`;
}

/**
 * The 'Step Four Inventories' share document: a header with the owner's first name (none without one,
 * never an address; see documentHeader) and the date, then one section per inventory that has entries. Every user text is escaped.
 */
export function stepFourInventoriesDocument(input: {
  owner: string | null | undefined;
  /** The day it is made (YYYY-MM-DD or a Date), shown DD-Mon-YYYY. */
  date: string | Date;
  inventories: InventoriesForShare;
}): string {
  const sections = SECTIONS.map((section) => ({
    section,
    entries: inventoryEntriesOf(input.inventories[section.type]),
  }))
    .filter(({ entries }) => entries.length > 0)
    .map(({ section, entries }) => sectionHtml(section, entries))
    .join('');
  const header = documentHeader(STEP_FOUR_DOCUMENT_TITLE, input.owner, formatDisplayDate(input.date));
  return htmlPage(STEP_FOUR_DOCUMENT_TITLE, header + sections);
}

/** The inventories document needs at least one entry that is not a marker. */
export function hasInventoriesToShare(inventories: Partial<InventoriesForShare>): boolean {
  return Object.values(inventories).some((items) => inventoryEntriesOf(items).length > 0);
}
