/** Core is typed without the DOM or Node libraries, so the global decoder is described here. */
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

export type CsvEncoding = 'utf-8' | 'windows-1252';

/** A file larger than this cannot be an inventory SAM could save, so it is not read at all. */
export const MAX_CSV_BYTES = 5_000_000;

export const CSV_FILE_MESSAGES = {
  tooLarge: (bytes: number) =>
    `This file is ${(bytes / 1_000_000).toFixed(1)} MB, which is more than an inventory can hold (SAM reads CSV files up to ${MAX_CSV_BYTES / 1_000_000} MB). Nothing was imported.`,
  spreadsheet:
    'This is a spreadsheet workbook (such as an .xlsx file), not a CSV file. In your spreadsheet app, choose "Save as" or "Download" and pick CSV, then upload that file. Nothing was imported.',
  binary: (kind: string) =>
    `This file is ${kind}, not a CSV file, so SAM did not read it. Please choose a CSV file, such as one downloaded from SAM. Nothing was imported.`,
  utf16:
    'This file is saved as UTF-16 text, which SAM cannot read. In your spreadsheet app, save it as "CSV UTF-8", then upload that file. Nothing was imported.',
  mixed:
    'Part of this file is saved as UTF-8 and part in another encoding, so some letters could not be read safely. Please save it again as "CSV UTF-8" and upload that file. Nothing was imported.',
  windows1252:
    'This file is not saved as UTF-8, so SAM read it as Windows-1252 (Western European). Please check that accented letters such as é or ü look right below before you import.',
} as const;

type Signature = { bytes: readonly number[]; offset?: number; kind: string };

/** Known file types that are never text, by their first bytes. */
const SIGNATURES: readonly Signature[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'spreadsheet' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], kind: 'spreadsheet' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], kind: 'spreadsheet' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: 'a PNG picture' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG picture' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'a GIF picture' },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, kind: 'a WebP picture' },
  { bytes: [0x1f, 0x8b], kind: 'a compressed (gzip) file' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], kind: 'a compressed (7z) file' },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], kind: 'a compressed (RAR) file' },
];

const startsWith = (bytes: Uint8Array, signature: Signature) => {
  const offset = signature.offset ?? 0;
  return signature.bytes.every((b, i) => bytes[offset + i] === b);
};

const isUtf16Bom = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** Control bytes other than tab, line feed, form feed and carriage return; a text file has almost none. */
const isStrayControl = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d;

/** Why these bytes are not a text file SAM can read, or null when they may be one. */
export function binaryFileProblem(bytes: Uint8Array): string | null {
  if (isUtf16Bom(bytes)) return CSV_FILE_MESSAGES.utf16;
  const known = SIGNATURES.find((s) => startsWith(bytes, s));
  if (known) {
    return known.kind === 'spreadsheet'
      ? CSV_FILE_MESSAGES.spreadsheet
      : CSV_FILE_MESSAGES.binary(known.kind);
  }
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return CSV_FILE_MESSAGES.binary('not plain text (it holds binary data)');
    if (isStrayControl(b)) controls++;
  }
  // A stray control character or two survive copy and paste; many mean the file is not text.
  if (controls > Math.max(4, bytes.length / 200)) {
    return CSV_FILE_MESSAGES.binary('not plain text (it holds binary data)');
  }
  return null;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const hasUtf8Bom = (bytes: Uint8Array) => UTF8_BOM.every((b, i) => bytes[i] === b);

/**
 * Bytes of 0x80 and above in well-formed multi-byte UTF-8 sequences (letters written as UTF-8), and those
 * outside any (letters written in a one-byte encoding).
 */
function highByteKinds(bytes: Uint8Array): { utf8: number; other: number } {
  let utf8 = 0;
  let other = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b < 0x80) continue;
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let wellFormed = length > 0;
    for (let k = 1; k < length && wellFormed; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) wellFormed = false;
    }
    if (wellFormed) {
      utf8++;
      i += length - 1;
    } else {
      other++;
    }
  }
  return { utf8, other };
}

/** Windows-1252's characters for 0x80–0x9F; the five bytes it leaves undefined keep their own code. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 as browsers decode it. Written out because some engines (Node 20's TextDecoder) read the
 * label as Latin-1 and would turn “quotes” and € into invisible control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const chunks: string[] = [];
  const size = 8192;
  for (let start = 0; start < bytes.length; start += size) {
    const codes = Array.from(bytes.subarray(start, start + size), (b) =>
      b >= 0x80 && b <= 0x9f ? (WINDOWS_1252_HIGH[b - 0x80] as number) : b,
    );
    chunks.push(String.fromCharCode(...codes));
  }
  return chunks.join('');
}

export type DecodedCsv =
  | { ok: true; text: string; encoding: CsvEncoding; bom: boolean; note: string | null }
  | { ok: false; message: string };

/**
 * Bytes to text: UTF-8 (with or without a BOM) when the bytes are valid UTF-8, else Windows-1252 with a
 * note asking the person to check the accents. Bytes that are as much UTF-8 as not are refused, since
 * either reading would change some letters.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  const bom = hasUtf8Bom(bytes);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, text, encoding: 'utf-8', bom, note: null };
  } catch {
    // Not UTF-8: an older spreadsheet's "CSV" is usually Windows-1252.
  }
  // A Windows-1252 pair such as "ß“" can look like UTF-8 now and then; as many such pairs as other
  // accented bytes means the file really is part UTF-8.
  const kinds = highByteKinds(bytes);
  if (bom || kinds.utf8 >= kinds.other) return { ok: false, message: CSV_FILE_MESSAGES.mixed };
  const text = decodeWindows1252(bytes);
  return { ok: true, text, encoding: 'windows-1252', bom: false, note: CSV_FILE_MESSAGES.windows1252 };
}
