import { csvField } from '../csv.ts';
import type { InventoryType } from '../schemas/inventory.ts';
import { type EntryRecord, entryCountText, INVENTORY_FIELDS, listValue, textValue } from './entries.ts';

/** The upload's messages for the usual mistakes, and its result. */
export const CSV_MESSAGES = {
  notCsv: 'Error: Please select a CSV file. The file must have a .csv extension.',
  empty: 'The file appears to be empty or could not be read properly.',
  tooShort:
    'The file must have at least a header row and one data row. Please use a CSV file exported from SAM.',
  noData:
    'No valid data found in the file. Please make sure your CSV file contains at least one entry with data in the first column.',
  imported: (n: number) => `Successfully imported ${entryCountText(n)}.`,
  failed: (reason: string) => `Import failed: ${reason}`,
} as const;

/** The import message clears after 3 s on success, 5 s on failure. */
export const CSV_SUCCESS_CLEAR_MS = 3000;
export const CSV_FAILURE_CLEAR_MS = 5000;

/** Several impacts or defects in one cell are joined with '; '. */
export const CSV_LIST_SEPARATOR = '; ';

/** The file name of a download: resentments-inventory-2026-11-22.csv. */
export function inventoryCsvFileName(type: InventoryType, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${type}-inventory-${date}.csv`;
}

/** Export: a header row naming the columns, then one RFC 4180 row per entry, CRLF line ends. */
export function exportInventoryCsv(type: InventoryType, entries: readonly EntryRecord[]): string {
  const fields = INVENTORY_FIELDS[type];
  const rows = [fields.map((f) => f.key)];
  for (const entry of entries) {
    rows.push(
      fields.map((f) =>
        f.kind === 'list' ? listValue(entry, f.key).join(CSV_LIST_SEPARATOR) : textValue(entry, f.key),
      ),
    );
  }
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Splits a list cell on ';', trims the items and drops empty ones; known options match case-insensitively. */
export function splitListCell(cell: string, options: readonly string[] | undefined): string[] {
  const items = cell
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (!options) return items;
  return items.map((item) => {
    const normal = item.toLowerCase().replace(/\s+/g, '-');
    return options.find((o) => o === normal) ?? item;
  });
}
