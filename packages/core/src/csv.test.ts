import { describe, expect, it } from 'vitest';
import { csvField, spreadsheetSafe, toCsv } from './csv.ts';

describe('csv', () => {
  it('leaves plain fields alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('')).toBe('');
  });
  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2,3'],
      ]),
    ).toBe('a,b\r\n1,"2,3"\r\n');
  });
  it('defuses spreadsheet formulas', () => {
    expect(spreadsheetSafe('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(spreadsheetSafe('-1')).toBe("'-1");
    expect(spreadsheetSafe('@me')).toBe("'@me");
    expect(spreadsheetSafe('fine')).toBe('fine');
  });
});
