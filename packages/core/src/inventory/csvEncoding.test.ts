import { describe, expect, it } from 'vitest';
import { binaryFileProblem, CSV_FILE_MESSAGES, decodeCsvBytes } from './csvEncoding.ts';

declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...values: number[]) => Uint8Array.from(values);
const withText = (head: number[], text = 'who,why\nMom,x\n') => Uint8Array.from([...head, ...utf8(text)]);

describe('binary files', () => {
  it('refuses an .xlsx (ZIP) and an old .xls, saying to save the spreadsheet as CSV', () => {
    expect(binaryFileProblem(withText([0x50, 0x4b, 0x03, 0x04]))).toBe(CSV_FILE_MESSAGES.spreadsheet);
    expect(binaryFileProblem(withText([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      CSV_FILE_MESSAGES.spreadsheet,
    );
    expect(CSV_FILE_MESSAGES.spreadsheet).toMatch(/choose "Save as" or "Download" and pick CSV/);
  });
  it('names PDF, PNG, JPEG, GIF and WebP files', () => {
    const cases: [number[], string][] = [
      [[...utf8('%PDF-1.7\n')], 'a PDF document'],
      [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG picture'],
      [[0xff, 0xd8, 0xff, 0xe0], 'a JPEG picture'],
      [[...utf8('GIF89a')], 'a GIF picture'],
      [[...utf8('RIFF'), 1, 2, 3, 4, ...utf8('WEBPVP8 ')], 'a WebP picture'],
    ];
    for (const [head, kind] of cases) {
      expect(binaryFileProblem(withText(head)), kind).toBe(CSV_FILE_MESSAGES.binary(kind));
    }
  });
  it('refuses a NUL byte anywhere, and many control characters', () => {
    expect(binaryFileProblem(withText([], 'who,why\nMom,x\u0000y\n'))).toMatch(/holds binary data/);
    const noisy = `who\n${'a\u0001\u0002\u0003'.repeat(10)}\n`;
    expect(binaryFileProblem(utf8(noisy))).toMatch(/holds binary data/);
  });
  it('accepts text with tabs, line ends and a stray control character or two', () => {
    expect(binaryFileProblem(utf8('who\twhy\r\nMom\tshe \u0007yelled\n'))).toBeNull();
    expect(binaryFileProblem(utf8('who,why\nMöm,🌧\n'))).toBeNull();
  });
  it('refuses UTF-16 text with its own message', () => {
    expect(binaryFileProblem(bytes(0xff, 0xfe, 0x77, 0, 0x68, 0))).toBe(CSV_FILE_MESSAGES.utf16);
  });
});

describe('decoding', () => {
  it('reads UTF-8 with a BOM, dropping the BOM', () => {
    expect(decodeCsvBytes(withText([0xef, 0xbb, 0xbf], 'who\nCafé'))).toEqual({
      ok: true,
      text: 'who\nCafé',
      encoding: 'utf-8',
      bom: true,
      note: null,
    });
  });
  it('reads UTF-8 without a BOM', () => {
    expect(decodeCsvBytes(utf8('who\nМама 🌧'))).toMatchObject({ ok: true, text: 'who\nМама 🌧', bom: false });
  });
  it('falls back to Windows-1252 for bytes that are not UTF-8, with a note to check the accents', () => {
    const cafe = bytes(0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x6e, 0x6f, 0x94, 0x20, 0x80, 0x35);
    expect(decodeCsvBytes(cafe)).toEqual({
      ok: true,
      text: 'Café “no” €5',
      encoding: 'windows-1252',
      bom: false,
      note: CSV_FILE_MESSAGES.windows1252,
    });
    expect(CSV_FILE_MESSAGES.windows1252).toMatch(/check that accented letters/);
  });
  it('keeps Windows-1252 when a pair of its bytes happens to look like UTF-8', () => {
    // "Straße“ in Grüße" : ß + “ (0xDF 0x93) is a valid UTF-8 pair; ü (0xFC) is not.
    const text = bytes(0x53, 0x74, 0x72, 0x61, 0xdf, 0x93, 0x20, 0x47, 0x72, 0xfc, 0xdf, 0x65);
    expect(decodeCsvBytes(text)).toMatchObject({ ok: true, text: 'Straß“ Grüße', encoding: 'windows-1252' });
  });
  it('refuses a file that is part UTF-8 and part another encoding, or has a UTF-8 BOM and is not UTF-8', () => {
    const mixed = Uint8Array.from([...utf8('who\nCafé '), 0xe9, ...utf8(' Crème')]);
    expect(decodeCsvBytes(mixed)).toEqual({ ok: false, message: CSV_FILE_MESSAGES.mixed });
    expect(decodeCsvBytes(bytes(0xef, 0xbb, 0xbf, 0x43, 0xe9))).toEqual({
      ok: false,
      message: CSV_FILE_MESSAGES.mixed,
    });
  });
});
