import { csvField } from '../csv.ts';
import { type InventoryType, MAX_INVENTORY_ENTRIES } from '../schemas/inventory.ts';
import { type EntryRecord, emptyEntry, INVENTORY_FIELDS, listValue, textValue } from './entries.ts';

/** Messages of spec part 2 §5 "CSV upload checks". */
export const CSV_MESSAGES = {
  notCsv: 'Error: Please select a CSV file. The file must have a .csv extension.',
  empty: 'The file appears to be empty or could not be read properly.',
  tooShort:
    'The file must have at least a header row and one data row. Please use a CSV file exported from SAM.',
  noData:
    'No valid data found in the file. Please make sure your CSV file contains at least one entry with data in the first column.',
  imported: (n: number) => `Successfully imported ${n} entries.`,
  failed: (reason: string) => `Import failed: ${reason}`,
} as const;

/** Spec part 2 §9: the import message clears after 3 s on success, 5 s on failure. */
export const CSV_SUCCESS_CLEAR_MS = 3000;
export const CSV_FAILURE_CLEAR_MS = 5000;

/** List fields are joined with '; ' (DESIGN.md §7). */
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

export class CsvParseError extends Error {}

/**
 * RFC 4180 parsing, lenient enough for the spec's plain files: a field starting with '"' is quoted (a doubled
 * quote is a quote; commas and line breaks inside are kept); any other field runs to the next comma or line
 * end, quotes included. Line ends are CRLF, LF or CR. A missing closing quote is an error.
 */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  if (n === 0) return rows;
  while (true) {
    let field = '';
    if (text[i] === '"') {
      i++;
      while (true) {
        const q = text.indexOf('"', i);
        if (q === -1) throw new CsvParseError('a quoted field is not closed');
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      // Anything between the closing quote and the separator is kept, as a lenient reader would.
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
    } else {
      const start = i;
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i++;
      field = text.slice(start, i);
    }
    row.push(field);
    if (i >= n) {
      endRow();
      break;
    }
    const c = text[i];
    if (c === ',') {
      i++;
      continue;
    }
    // A line end.
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRow();
    if (i >= n) break;
  }
  return rows;
}

const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

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

export type CsvImportResult =
  | { ok: true; entries: EntryRecord[]; message: string }
  | { ok: false; message: string };

/**
 * Import (spec part 2 §5): checks the name and content in the spec's order and reads the entries. Columns
 * are matched by the header when it names them (SAM's files), else by position (the spec's plain files).
 * Rows with a blank first column are skipped. The caller replaces the whole inventory with the entries.
 */
export function importInventoryCsv(
  type: InventoryType,
  fileName: string,
  text: string,
  makeId: () => string,
): CsvImportResult {
  if (!fileName.toLowerCase().endsWith('.csv')) return { ok: false, message: CSV_MESSAGES.notCsv };
  if (text.replace(/^\uFEFF/, '').trim() === '') return { ok: false, message: CSV_MESSAGES.empty };
  let rows: string[][];
  try {
    rows = parseCsv(text).filter((row) => !isBlankRow(row));
  } catch (error) {
    return {
      ok: false,
      message: CSV_MESSAGES.failed(error instanceof Error ? error.message : String(error)),
    };
  }
  if (rows.length < 2) return { ok: false, message: CSV_MESSAGES.tooShort };
  const fields = INVENTORY_FIELDS[type];
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const byName = fields.map((f) => header.indexOf(f.key.toLowerCase()));
  const columns = byName.every((index) => index >= 0) ? byName : fields.map((_, index) => index);
  const data = rows.slice(1).filter((row) => (row[columns[0] ?? 0] ?? '').trim() !== '');
  if (data.length === 0) return { ok: false, message: CSV_MESSAGES.noData };
  if (data.length > MAX_INVENTORY_ENTRIES) {
    return {
      ok: false,
      message: CSV_MESSAGES.failed(`the file has more than ${MAX_INVENTORY_ENTRIES} entries`),
    };
  }
  const entries = data.map((row) => {
    const entry = emptyEntry(type, makeId());
    fields.forEach((field, index) => {
      const cell = row[columns[index] ?? index] ?? '';
      entry[field.key] = field.kind === 'list' ? splitListCell(cell, field.options) : cell;
    });
    return entry;
  });
  return { ok: true, entries, message: CSV_MESSAGES.imported(entries.length) };
}
