import { FIELD_LIMITS, overLimitMessage } from '../fieldLimits.ts';
import { type InventoryType, MAX_INVENTORY_ENTRIES } from '../schemas/inventory.ts';
import { CSV_FAILURE_CLEAR_MS, CSV_MESSAGES, splitListCell } from './csv.ts';
import { type CsvColumnMapping, headerScore, mapColumns, missingMainColumnMessage } from './csvColumns.ts';
import {
  binaryFileProblem,
  CSV_FILE_MESSAGES,
  type CsvEncoding,
  decodeCsvBytes,
  MAX_CSV_BYTES,
} from './csvEncoding.ts';
import { CSV_SEPARATORS, CsvParseError, type CsvSeparator, parseCsv } from './csvParse.ts';
import {
  ENTRY_SCHEMAS,
  type EntryRecord,
  emptyEntry,
  INVENTORY_FIELDS,
  INVENTORY_LABELS,
  type InventoryField,
  type InventoryState,
  isEntryComplete,
  mainField,
} from './entries.ts';

/** What a CSV file would bring into an inventory, shown before anything changes. */
export type InventoryCsvPreview = {
  fileName: string;
  entries: EntryRecord[];
  rowCount: number;
  columns: CsvColumnMapping['used'];
  ignoredColumns: string[];
  missingFields: string[];
  /** Spreadsheet row numbers (the header is row 1) left out because their main cell is empty. */
  skippedRows: number[];
  encoding: CsvEncoding;
  bom: boolean;
  separator: CsvSeparator;
  /** Things to check before importing (the encoding SAM guessed, a file that looks like another inventory's). */
  notes: string[];
};

export type InventoryCsvRead = { ok: true; preview: InventoryCsvPreview } | { ok: false; message: string };

export const CSV_SEPARATOR_NAMES: Record<CsvSeparator, string> = {
  ',': 'commas',
  ';': 'semicolons',
  '\t': 'tabs',
};

/**
 * How long a refusal stays on screen: the usual 5 s for a short message, and a quarter of a second per word
 * for the longer explanations (which columns SAM reads, which cell is too long), so they can be read.
 */
export function csvFailureClearMs(message: string): number {
  const words = message.trim().split(/\s+/).length;
  return words <= 30 ? CSV_FAILURE_CLEAR_MS : Math.ceil(words / 4) * 1000;
}

/** What is wrong with a file by its name and size alone (checked before its bytes are read), or null. */
export function csvFileProblem(fileName: string, size: number): string | null {
  if (!fileName.toLowerCase().endsWith('.csv')) return CSV_MESSAGES.notCsv;
  return size > MAX_CSV_BYTES ? CSV_FILE_MESSAGES.tooLarge(size) : null;
}

type NumberedRow = { row: number; cells: string[] };

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

function numberedRows(text: string, separator: CsvSeparator, maxRows?: number): NumberedRow[] {
  return parseCsv(text, separator, maxRows)
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter((r) => !isBlank(r.cells));
}

/** Compares two rankings in order: the first difference decides. */
function outranks(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((v, k) => v !== b[k]);
  return i >= 0 && (a[i] ?? 0) > (b[i] ?? 0);
}

/**
 * The separator whose reading of the first rows names the main column, then the most known columns, then
 * gives the most rows as wide as the header. Ties go to the comma.
 */
export function detectSeparator(type: InventoryType, text: string): CsvSeparator {
  let best: { separator: CsvSeparator; rank: number[] } | null = null;
  for (const separator of CSV_SEPARATORS) {
    let rows: NumberedRow[];
    try {
      rows = numberedRows(text, separator, 21);
    } catch {
      continue;
    }
    const header = rows[0]?.cells ?? [];
    const score = headerScore(type, header);
    const even = rows.slice(1).filter((r) => r.cells.length === header.length).length;
    const rank = [score.main ? 1 : 0, score.known, even];
    if (!best || outranks(rank, best.rank)) best = { separator, rank };
  }
  return best?.separator ?? ',';
}

const failed = (message: string): InventoryCsvRead => ({ ok: false, message });

/** A cell over its limit, named by row and column; null when the entry fits. */
function cellProblem(
  field: InventoryField,
  header: string,
  row: number,
  value: string | string[],
): string | null {
  const where = `SAM did not import this file: in row ${row}, the "${header}" column is too long.`;
  if (typeof value === 'string') {
    return value.length > FIELD_LIMITS.inventoryText
      ? `${where} ${overLimitMessage(field.label, value.length, FIELD_LIMITS.inventoryText)}`
      : null;
  }
  const long = value.find((item) => item.length > FIELD_LIMITS.inventoryListItem);
  return long === undefined
    ? null
    : `${where} ${overLimitMessage(`${field.label}: ${long.slice(0, 20)}…`, long.length, FIELD_LIMITS.inventoryListItem)}`;
}

/** What else the entry schema refuses (too many items in a list), named by row and column. */
function schemaProblem(type: InventoryType, entry: EntryRecord, row: number, headers: Map<string, string>) {
  const parsed = ENTRY_SCHEMAS[type].safeParse(entry);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  const limit = issue && 'maximum' in issue ? ` (at most ${String(issue.maximum)})` : '';
  return `SAM did not import this file: in row ${row}, the "${headers.get(key) ?? key}" column holds more than an entry can${limit}.`;
}

/** Another inventory whose columns this header names better, for a note. */
function betterMatchingType(type: InventoryType, header: readonly string[]): InventoryType | null {
  const own = headerScore(type, header).known;
  const other = (Object.keys(INVENTORY_FIELDS) as InventoryType[]).find((t) => {
    const score = headerScore(t, header);
    return t !== type && score.main && score.known > own;
  });
  return other ?? null;
}

/**
 * Reads a CSV file's bytes into entries of `type`, refusing loudly what it cannot read as it is: a name
 * without .csv, an empty or binary file, bytes in no known encoding, a header naming no main column, a cell
 * over its limit, too many entries. Columns are matched by header name only. Nothing is trimmed or cut:
 * every cell comes in exactly as written.
 */
export function readInventoryCsv(
  type: InventoryType,
  fileName: string,
  bytes: Uint8Array,
  makeId: () => string,
): InventoryCsvRead {
  const fileProblem = csvFileProblem(fileName, bytes.length);
  if (fileProblem) return failed(fileProblem);
  if (bytes.length === 0) return failed(CSV_MESSAGES.empty);
  const binary = binaryFileProblem(bytes);
  if (binary) return failed(binary);
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return failed(decoded.message);
  const { text } = decoded;
  if (text.trim() === '') return failed(CSV_MESSAGES.empty);

  const separator = detectSeparator(type, text);
  let rows: NumberedRow[];
  try {
    rows = numberedRows(text, separator);
  } catch (error) {
    const reason = error instanceof CsvParseError ? error.message : String(error);
    return failed(CSV_MESSAGES.failed(reason));
  }
  const [headerRow, ...dataRows] = rows;
  if (!headerRow || dataRows.length === 0) return failed(CSV_MESSAGES.tooShort);
  const header = headerRow.cells;
  const noMain = missingMainColumnMessage(type, header);
  if (noMain) return failed(noMain);

  const mapping = mapColumns(type, header, (column) =>
    dataRows.some((r) => (r.cells[column] ?? '').trim() !== ''),
  );
  const mainKey = mainField(type).key;
  const mainColumn = mapping.used.find((u) => u.field === mainKey)?.column ?? 0;
  const skippedRows: number[] = [];
  const kept = dataRows.filter((r) => {
    const filled = (r.cells[mainColumn] ?? '').trim() !== '';
    if (!filled) skippedRows.push(r.row);
    return filled;
  });
  if (kept.length === 0) return failed(CSV_MESSAGES.noData);
  if (kept.length > MAX_INVENTORY_ENTRIES) {
    return failed(
      CSV_MESSAGES.failed(
        `the file has ${kept.length.toLocaleString('en-US')} entries; an inventory holds at most ${MAX_INVENTORY_ENTRIES.toLocaleString('en-US')}`,
      ),
    );
  }

  const fields = new Map(INVENTORY_FIELDS[type].map((f) => [f.key, f]));
  const headers = new Map(mapping.used.map((u) => [u.field, u.header]));
  const entries: EntryRecord[] = [];
  for (const { row, cells } of kept) {
    const entry = emptyEntry(type, makeId());
    for (const use of mapping.used) {
      const field = fields.get(use.field);
      if (!field) continue;
      const cell = cells[use.column] ?? '';
      const value = field.kind === 'list' ? splitListCell(cell, field.options) : cell;
      const problem = cellProblem(field, use.header, row, value);
      if (problem) return failed(problem);
      entry[field.key] = value;
    }
    const problem = schemaProblem(type, entry, row, headers);
    if (problem) return failed(problem);
    entries.push(entry);
  }

  const notes = decoded.note ? [decoded.note] : [];
  const other = betterMatchingType(type, header);
  if (other) {
    notes.push(
      `The columns of this file look like those of a ${INVENTORY_LABELS[other]} inventory. If it is one, cancel and upload it in the ${INVENTORY_LABELS[other]} tab.`,
    );
  }
  return {
    ok: true,
    preview: {
      fileName,
      entries,
      rowCount: entries.length,
      columns: mapping.used,
      ignoredColumns: mapping.ignored,
      missingFields: mapping.missing,
      skippedRows,
      encoding: decoded.encoding,
      bom: decoded.bom,
      separator,
      notes,
    },
  };
}

export type ImportMode = 'append' | 'replace';

/**
 * The inventory after an import: Append adds the entries after the current ones (Completed stays only if
 * every new entry is complete); Replace puts them in place of all current entries, not completed.
 */
export function inventoryAfterImport(
  type: InventoryType,
  current: InventoryState,
  imported: readonly EntryRecord[],
  mode: ImportMode,
): { ok: true; state: InventoryState } | { ok: false; message: string } {
  if (mode === 'replace') return { ok: true, state: { entries: [...imported], completed: false } };
  const total = current.entries.length + imported.length;
  if (total > MAX_INVENTORY_ENTRIES) {
    return {
      ok: false,
      message: `Adding ${imported.length.toLocaleString('en-US')} entries to your ${current.entries.length.toLocaleString('en-US')} would make ${total.toLocaleString('en-US')}; an inventory holds at most ${MAX_INVENTORY_ENTRIES.toLocaleString('en-US')}. You can replace the inventory instead, or import a shorter file.`,
    };
  }
  return {
    ok: true,
    state: {
      entries: [...current.entries, ...imported],
      completed: current.completed && imported.every((e) => isEntryComplete(type, e)),
    },
  };
}
