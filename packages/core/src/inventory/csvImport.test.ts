import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../fieldLimits.ts';
import { CSV_MESSAGES } from './csv.ts';
import { fieldForHeader, headerKey } from './csvColumns.ts';
import { CSV_FILE_MESSAGES, MAX_CSV_BYTES } from './csvEncoding.ts';
import {
  csvFailureClearMs,
  csvFileProblem,
  detectSeparator,
  inventoryAfterImport,
  readInventoryCsv,
} from './csvImport.ts';
import { parseCsv } from './csvParse.ts';
import { type EntryRecord, emptyEntry } from './entries.ts';

declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = (text: string) => new TextEncoder().encode(text);

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};
type Type = Parameters<typeof readInventoryCsv>[0];
const readBytes = (type: Type, bytes: Uint8Array, name = 'inventory.csv') =>
  readInventoryCsv(type, name, bytes, counter());
const read = (type: Type, text: string) => readBytes(type, utf8(text));
/** The preview of a file that must be read, or the test fails with the refusal. */
function previewOf(result: ReturnType<typeof read>) {
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}
const preview = (type: Type, text: string) => previewOf(read(type, text));
const refusal = (result: ReturnType<typeof read>) => (result.ok ? 'it was read' : result.message);
const withoutIds = (entries: EntryRecord[]) => entries.map(({ id: _id, ...rest }) => rest);

describe('separators', () => {
  it('reads commas, semicolons and tabs, and says which it used', () => {
    const rows = [
      ['who', 'why', 'impacts'],
      ['Mom', 'She yelled', 'pride; self-esteem'],
      ['Boss', 'Late pay', 'pocketbook'],
    ];
    for (const separator of [',', ';', '\t'] as const) {
      const text = rows
        .map((row) => row.map((cell) => (cell.includes(separator) ? `"${cell}"` : cell)).join(separator))
        .join('\r\n');
      const read = preview('resentments', text);
      expect(read.separator, JSON.stringify(separator)).toBe(separator);
      expect(withoutIds(read.entries)).toEqual([
        { who: 'Mom', why: 'She yelled', feeling: '', impacts: ['pride', 'self-esteem'], myPart: '' },
        { who: 'Boss', why: 'Late pay', feeling: '', impacts: ['pocketbook'], myPart: '' },
      ]);
    }
  });
  it('keeps separators, quotes and line breaks inside quoted fields', () => {
    const text = 'who;why;myPart\n"Smith; John";"He said ""no"", twice\nand left";"a;b,c"\n';
    const read = preview('resentments', text);
    expect(read.separator).toBe(';');
    expect(withoutIds(read.entries)).toEqual([
      {
        who: 'Smith; John',
        why: 'He said "no", twice\nand left',
        feeling: '',
        impacts: [],
        myPart: 'a;b,c',
      },
    ]);
  });
  it('is not fooled by semicolons in the list cells of a comma file', () => {
    const text = 'who,impacts\nMom,pride; self-esteem; pocketbook\nDad,pride; ambitions\n';
    expect(detectSeparator('resentments', text)).toBe(',');
  });
  it('chooses the separator that gives the known headers, not the one that splits most', () => {
    expect(detectSeparator('fears', 'fear\tnotes, more\nHeights\tfell, once\n')).toBe('\t');
    expect(detectSeparator('fears', 'fear;why\nHeights, mostly;fell\n')).toBe(';');
  });
  it('keeps commas in the cells of a one-column file', () => {
    const read = preview('fears', 'fear\nHeights, mostly\nBeing alone\n');
    expect(read.entries.map((e) => e.fear)).toEqual(['Heights, mostly', 'Being alone']);
    expect(read.ignoredColumns).toEqual([]);
  });
  it('parses with the separator it is given', () => {
    expect(parseCsv('a;"b;c"\n1;2', ';')).toEqual([
      ['a', 'b;c'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb,c', '\t')).toEqual([['a', 'b,c']]);
  });
});

describe('encodings', () => {
  it('reads UTF-8 with and without a BOM alike', () => {
    const text = 'who,why\nZoë,Ça va\n';
    const withBom = previewOf(readBytes('resentments', Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)])));
    const without = previewOf(readBytes('resentments', utf8(text)));
    expect(withBom).toMatchObject({ bom: true, encoding: 'utf-8', notes: [] });
    expect(without).toMatchObject({ bom: false, encoding: 'utf-8', notes: [] });
    expect(withoutIds(withBom.entries)).toEqual(withoutIds(without.entries));
    expect(withBom.entries[0]?.who).toBe('Zoë');
    expect(withBom.columns.map((c) => c.header)).toEqual(['who', 'why']);
  });
  it('reads Windows-1252 bytes ("Café" as 43 61 66 E9) with a note to check the accents', () => {
    const bytes = Uint8Array.from([
      ...utf8('fear;why\n'),
      0x43,
      0x61,
      0x66,
      0xe9,
      ...utf8(';Cr'),
      0xe8,
      0x6d,
      0x65,
    ]);
    const read = previewOf(readBytes('fears', bytes));
    expect(read).toMatchObject({
      encoding: 'windows-1252',
      separator: ';',
      notes: [CSV_FILE_MESSAGES.windows1252],
    });
    expect(withoutIds(read.entries)).toEqual([{ fear: 'Café', why: 'Crème', impacts: [], myPart: '' }]);
  });
  it('refuses binary files before reading them', () => {
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...utf8('who,why\nMom,x\n')]);
    expect(refusal(readBytes('resentments', xlsx, 'resentments.csv'))).toBe(CSV_FILE_MESSAGES.spreadsheet);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(refusal(readBytes('resentments', png, 'picture.csv'))).toBe(
      CSV_FILE_MESSAGES.binary('a PNG picture'),
    );
    const noise = Uint8Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256);
    expect(refusal(readBytes('resentments', noise))).toMatch(/not a CSV file/);
  });
  it('refuses a file too large to be an inventory, or not named .csv, by its name and size alone', () => {
    expect(csvFileProblem('big.CSV', MAX_CSV_BYTES)).toBeNull();
    expect(csvFileProblem('big.csv', 12_300_000)).toBe(CSV_FILE_MESSAGES.tooLarge(12_300_000));
    expect(csvFileProblem('film.mp4', 12_300_000)).toBe(CSV_MESSAGES.notCsv);
    expect(CSV_FILE_MESSAGES.tooLarge(12_300_000)).toMatch(/^This file is 12\.3 MB/);
  });
});

describe('columns', () => {
  it('compares headers without case, spaces or punctuation', () => {
    expect(headerKey(' My_Part ')).toBe('mypart');
    expect(headerKey('my part')).toBe('mypart');
    expect(headerKey('"Who?"')).toBe('who');
  });
  it('knows each field by its key, its label and the usual other names', () => {
    const cases: [Type, string, string][] = [
      ['resentments', 'Person', 'who'],
      ['resentments', 'name', 'who'],
      ['resentments', 'Who or what I resent', 'who'],
      ['resentments', 'Reason', 'why'],
      ['resentments', 'cause', 'why'],
      ['resentments', 'Feelings', 'feeling'],
      ['resentments', 'How I feel', 'feeling'],
      ['resentments', 'Impacted', 'impacts'],
      ['resentments', 'Affects', 'impacts'],
      ['resentments', 'What it affects', 'impacts'],
      ['resentments', 'My part', 'myPart'],
      ['resentments', 'my_part', 'myPart'],
      ['fears', 'Fears', 'fear'],
      ['fears', 'What I fear', 'fear'],
      ['fears', 'Why I have this fear', 'why'],
      ['harms', 'Who I harmed', 'whoHarmed'],
      ['harms', 'who_harmed', 'whoHarmed'],
      ['harms', 'Person', 'whoHarmed'],
      ['harms', 'Harm', 'how'],
      ['harms', 'How I harmed them', 'how'],
      ['harms', 'Defect', 'defects'],
      ['harms', 'What could I have done differently?', 'alternative'],
      ['harms', 'Differently', 'alternative'],
    ];
    for (const [type, header, field] of cases) expect(fieldForHeader(type, header), header).toBe(field);
    expect(fieldForHeader('resentments', 'Date')).toBeNull();
    expect(fieldForHeader('fears', 'who')).toBeNull();
    expect(fieldForHeader('resentments', '')).toBeNull();
  });
  it('says which columns it used, ignored and could not find; missing fields come in empty', () => {
    const text = 'Date,Person,Notes,,Feelings,\n2024-01-01,Mom,private,,sad,\n2024-02-01,Dad,,kept?,,\n';
    const read = preview('resentments', text);
    expect(read.columns).toEqual([
      { column: 1, header: 'Person', field: 'who' },
      { column: 4, header: 'Feelings', field: 'feeling' },
    ]);
    expect(read.ignoredColumns).toEqual(['Date', 'Notes', 'column 4']);
    expect(read.missingFields).toEqual(['why', 'impacts', 'myPart']);
    expect(withoutIds(read.entries)).toEqual([
      { who: 'Mom', why: '', feeling: 'sad', impacts: [], myPart: '' },
      { who: 'Dad', why: '', feeling: '', impacts: [], myPart: '' },
    ]);
  });
  it('reads the first of two columns naming the same field and ignores the second', () => {
    const read = preview('fears', 'fear,Fears\nHeights,Spiders\n');
    expect(read.columns).toEqual([{ column: 0, header: 'fear', field: 'fear' }]);
    expect(read.ignoredColumns).toEqual(['Fears']);
    expect(read.entries[0]?.fear).toBe('Heights');
  });
  it('never maps by position: unknown headers are refused, naming the columns SAM reads', () => {
    const message = refusal(read('resentments', 'A,B,C\nMom,She yelled,hurt\n'));
    expect(message).toBe(
      'SAM could not find the "who" column (Who or what I resent) in the first row of this file, so it did not import it. ' +
        'For your Resentments inventory, SAM reads these columns: "who", "why", "feeling", "impacts", "myPart". ' +
        'The first row of this file has: "A", "B", "C".',
    );
    // Known columns without the main one are refused too.
    expect(refusal(read('resentments', 'why,feeling\nShe yelled,hurt\n'))).toMatch(
      /could not find the "who" column/,
    );
  });
  it('points to the right tab for a file of another inventory', () => {
    const message = refusal(read('fears', 'whoHarmed,how,defects,alternative\nTom,Took it,greedy,Ask\n'));
    expect(message).toMatch(
      /It looks like a file of your Harms Done inventory: please upload it in the Harms Done tab\.$/,
    );
    const harms = preview('harms', 'who,why,feeling,impacts,myPart\nMom,x,y,pride,z\n');
    expect(harms.notes).toEqual([
      'The columns of this file look like those of a Resentments inventory. If it is one, cancel and upload it in the Resentments tab.',
    ]);
  });
});

describe('refusals on screen', () => {
  it('stay the usual 5 s, and longer for a long explanation', () => {
    expect(csvFailureClearMs(CSV_MESSAGES.tooShort)).toBe(5000);
    expect(csvFailureClearMs(CSV_MESSAGES.empty)).toBe(5000);
    const unknown = refusal(read('resentments', 'A,B,C\nMom,x,y\n'));
    expect(csvFailureClearMs(unknown)).toBeGreaterThanOrEqual(12_000);
  });
});

describe('limits', () => {
  const long = 'x'.repeat(FIELD_LIMITS.inventoryText + 5);
  it('refuses a cell over its limit, naming the row and the column, and cuts nothing', () => {
    const text = `who,why\nMom,fine\n"Dad","two\nlines"\n\nBoss,${long}\n`;
    expect(refusal(read('resentments', text))).toBe(
      'SAM did not import this file: in row 5, the "why" column is too long. "Why I am resentful" is 10,005 characters long; the limit is 10,000. Please shorten it by 5 characters to save it.',
    );
  });
  it('takes a cell exactly at its limit as it is', () => {
    const exact = 'é'.repeat(FIELD_LIMITS.inventoryText);
    expect(preview('fears', `fear\n${exact}\n`).entries[0]?.fear).toBe(exact);
  });
  it('refuses a list item over its limit and a list with too many items', () => {
    const item = 'y'.repeat(FIELD_LIMITS.inventoryListItem + 1);
    expect(refusal(read('harms', `whoHarmed,defects\nTom,greedy; ${item}\n`))).toMatch(
      /^SAM did not import this file: in row 2, the "defects" column is too long\. "Defects involved: y{20}…" is 201 characters long; the limit is 200\./,
    );
    const many = Array.from({ length: 51 }, (_, i) => `d${i}`).join('; ');
    expect(refusal(read('harms', `whoHarmed,Defect\nTom,${many}\n`))).toBe(
      'SAM did not import this file: in row 2, the "Defect" column holds more than an entry can (at most 50).',
    );
  });
});

describe('inventory after an import', () => {
  const done: EntryRecord = {
    id: 'f1',
    fear: 'Heights',
    why: 'Fell',
    impacts: ['pride'],
    myPart: '',
  };
  const rough = { ...emptyEntry('fears', 'f2'), fear: 'Spiders' };
  it('Append adds after the current entries; Completed stays only if every new entry is complete', () => {
    const current = { entries: [done], completed: true };
    expect(inventoryAfterImport('fears', current, [{ ...done, id: 'n' }], 'append')).toEqual({
      ok: true,
      state: { entries: [done, { ...done, id: 'n' }], completed: true },
    });
    expect(inventoryAfterImport('fears', current, [rough], 'append')).toEqual({
      ok: true,
      state: { entries: [done, rough], completed: false },
    });
  });
  it('Replace puts the new entries in place of all current ones, not completed', () => {
    expect(inventoryAfterImport('fears', { entries: [done], completed: true }, [rough], 'replace')).toEqual({
      ok: true,
      state: { entries: [rough], completed: false },
    });
  });
  it('Append refuses to go past the most entries an inventory holds', () => {
    const current = {
      entries: Array.from({ length: 1990 }, (_, i) => ({ ...done, id: `c${i}` })),
      completed: false,
    };
    const imported = Array.from({ length: 11 }, (_, i) => ({ ...done, id: `n${i}` }));
    expect(inventoryAfterImport('fears', current, imported, 'append')).toEqual({
      ok: false,
      message:
        'Adding 11 entries to your 1,990 would make 2,001; an inventory holds at most 2,000. You can replace the inventory instead, or import a shorter file.',
    });
    expect(inventoryAfterImport('fears', current, imported, 'replace').ok).toBe(true);
  });
});
