export class CsvParseError extends Error {}

/** The separators a CSV file may use: what spreadsheets write by region and what "tab-separated" means. */
export const CSV_SEPARATORS = [',', ';', '\t'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/**
 * RFC 4180 parsing, lenient enough for plain files: a field starting with '"' is quoted (a doubled quote is a
 * quote; separators and line breaks inside are kept); any other field runs to the next separator or line
 * end, quotes included. Line ends are CRLF, LF or CR. A missing closing quote is an error. A leading BOM is
 * skipped. `maxRows` stops after that many rows (to look at the start of a file).
 */
export function parseCsv(input: string, separator: CsvSeparator = ',', maxRows = Infinity): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  const endsField = (c: string | undefined) => c === separator || c === '\n' || c === '\r';
  if (n === 0) return rows;
  while (rows.length < maxRows) {
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
      while (i < n && !endsField(text[i])) field += text[i++];
    } else {
      const start = i;
      while (i < n && !endsField(text[i])) i++;
      field = text.slice(start, i);
    }
    row.push(field);
    if (i >= n) {
      rows.push(row);
      break;
    }
    if (text[i] === separator) {
      i++;
      continue;
    }
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return rows;
}
