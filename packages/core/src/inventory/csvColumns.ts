import type { InventoryType } from '../schemas/inventory.ts';
import { INVENTORY_FIELDS, INVENTORY_LABELS, mainField } from './entries.ts';

/** A header as it is compared: lower case, letters and digits only ("My part", "my_part", "myPart" → "mypart"). */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Other names people give each column, beside the field's own key and label. */
const SYNONYMS: Record<InventoryType, Record<string, readonly string[]>> = {
  resentments: {
    who: ['person', 'name', 'whoorwhat', 'resentment', 'resentmentat', 'iamresentfulat', 'imresentfulat'],
    why: ['reason', 'cause', 'thecause', 'whyiamresentful', 'whyimresentful'],
    feeling: ['feelings', 'emotion', 'emotions', 'howifelt'],
    impacts: ['impact', 'impacted', 'affects', 'affected', 'affectsmy', 'whatitaffected'],
    myPart: ['part', 'mypartinit', 'myside'],
  },
  fears: {
    fear: ['fears', 'afraidof', 'whatimafraidof', 'whatiamafraidof'],
    why: ['reason', 'cause', 'whyiamafraid', 'whyimafraid'],
    impacts: ['impact', 'impacted', 'affects', 'affected', 'affectsmy', 'whatitaffected'],
    myPart: ['part', 'mypartinit', 'myside'],
  },
  harms: {
    whoHarmed: ['who', 'person', 'name', 'harmed', 'whowasharmed', 'whodidiharm'],
    how: ['harm', 'harmdone', 'whatidid', 'howiharmed'],
    defects: ['defect', 'characterdefects', 'defectsofcharacter', 'shortcomings'],
    alternative: ['differently', 'whatcouldihavedone', 'whatcouldihavedonedifferently', 'alternatives'],
  },
};

/** Every header key that names `field` of `type`. */
function namesOf(type: InventoryType, key: string): Set<string> {
  const field = INVENTORY_FIELDS[type].find((f) => f.key === key);
  return new Set([headerKey(key), headerKey(field?.label ?? ''), ...(SYNONYMS[type][key] ?? [])]);
}

/** The field key a header names for `type`, or null. */
export function fieldForHeader(type: InventoryType, header: string): string | null {
  const wanted = headerKey(header);
  if (wanted === '') return null;
  return INVENTORY_FIELDS[type].find((f) => namesOf(type, f.key).has(wanted))?.key ?? null;
}

export type CsvColumnMapping = {
  /** The file's columns SAM reads: column index (from 0), header as written, the field it fills. */
  used: { column: number; header: string; field: string }[];
  /** Headers of columns SAM does not read (an unnamed column appears as "column 6"). */
  ignored: string[];
  /** Fields no column names; they come in empty. */
  missing: string[];
};

/**
 * Matches a header row to fields by name only, never by position. The first column naming a field fills it;
 * a later one naming the same field is ignored. Unnamed columns are ignored, and listed only when
 * `hasData(column)` says some row fills them.
 */
export function mapColumns(
  type: InventoryType,
  header: readonly string[],
  hasData: (column: number) => boolean,
): CsvColumnMapping {
  const used: CsvColumnMapping['used'] = [];
  const ignored: string[] = [];
  header.forEach((name, column) => {
    const field = fieldForHeader(type, name);
    if (field && !used.some((u) => u.field === field)) used.push({ column, header: name.trim(), field });
    else if (name.trim() !== '') ignored.push(name.trim());
    else if (hasData(column)) ignored.push(`column ${column + 1}`);
  });
  const missing = INVENTORY_FIELDS[type]
    .map((f) => f.key)
    .filter((key) => !used.some((u) => u.field === key));
  return { used, ignored, missing };
}

/** How many of the header's cells name a field of `type`, and whether one names its main field. */
export function headerScore(
  type: InventoryType,
  header: readonly string[],
): { known: number; main: boolean } {
  const fields = new Set(header.map((h) => fieldForHeader(type, h)).filter((f) => f !== null));
  return { known: fields.size, main: fields.has(mainField(type).key) };
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/**
 * Why a header cannot be read for `type` (it names no main column), or null. Names the columns SAM looks
 * for, and the inventory the file seems to belong to when it is another one.
 */
export function missingMainColumnMessage(type: InventoryType, header: readonly string[]): string | null {
  if (headerScore(type, header).main) return null;
  const fields = INVENTORY_FIELDS[type];
  const main = mainField(type);
  const found = header.map((h) => h.trim()).filter((h) => h !== '');
  const other = (Object.keys(INVENTORY_FIELDS) as InventoryType[]).find(
    (t) => t !== type && headerScore(t, header).main,
  );
  const hint = other
    ? ` It looks like a file of your ${INVENTORY_LABELS[other]} inventory: please upload it in the ${INVENTORY_LABELS[other]} tab.`
    : '';
  return (
    `SAM could not find the "${main.key}" column (${main.label}) in the first row of this file, so it did not import it. ` +
    `For your ${INVENTORY_LABELS[type]} inventory, SAM reads these columns: ${quoted(fields.map((f) => f.key))}. ` +
    `The first row of this file has: ${found.length > 0 ? quoted(found.slice(0, 8)) : 'no column names'}${found.length > 8 ? ' and more' : ''}.${hint}`
  );
}
