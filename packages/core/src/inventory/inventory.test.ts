import { describe, expect, it } from 'vitest';
import { INVENTORY_TYPES, type InventoryType } from '../schemas/inventory.ts';
import { CSV_MESSAGES, exportInventoryCsv, inventoryCsvFileName, splitListCell } from './csv.ts';
import { readInventoryCsv } from './csvImport.ts';
import { parseCsv } from './csvParse.ts';
import {
  addEntry,
  COMPLETENESS_FIELDS,
  completedCheckboxDisabled,
  DEFECT_OPTIONS,
  type EntryRecord,
  emptyEntry,
  entryCountText,
  entryLimitProblem,
  IMPACT_OPTIONS,
  INVENTORY_FIELDS,
  INVENTORY_MESSAGES,
  InventoryReadError,
  inventoryCompleted,
  inventoryPayload,
  inventoryPlace,
  inventoryStatusText,
  isEntryComplete,
  missingRequired,
  parseInventoryPayload,
  quickAddEntry,
  removeEntry,
  replaceEntry,
  setInventoryCompleted,
} from './entries.ts';

const full: Record<InventoryType, EntryRecord> = {
  resentments: {
    id: 'r1',
    who: 'My boss',
    why: 'Passed me over',
    feeling: 'Angry',
    impacts: ['pride', 'pocketbook'],
    myPart: 'I was late',
  },
  fears: { id: 'f1', fear: 'Being alone', why: 'Old wounds', impacts: ['emotional-security'], myPart: '' },
  harms: {
    id: 'h1',
    whoHarmed: 'My sister',
    how: 'Lied',
    defects: ['dishonest'],
    alternative: 'Tell the truth',
  },
};

describe('inventory options', () => {
  it('has the impact and defect options', () => {
    expect(IMPACT_OPTIONS).toEqual([
      'self-esteem',
      'pride',
      'pocketbook',
      'personal-relationships',
      'sexual-relationships',
      'emotional-security',
      'ambitions',
    ]);
    expect(DEFECT_OPTIONS).toHaveLength(12);
    expect(DEFECT_OPTIONS).toContain('self-pity');
  });
});

describe('completeness rules', () => {
  it('counts a full entry as complete for every type', () => {
    for (const type of INVENTORY_TYPES) expect(isEntryComplete(type, full[type])).toBe(true);
  });
  it('fears do not need myPart', () => {
    expect(isEntryComplete('fears', { ...full.fears, myPart: '' })).toBe(true);
  });
  it('each required field missing (or blank, or an empty list) makes the entry incomplete', () => {
    for (const type of INVENTORY_TYPES) {
      for (const key of COMPLETENESS_FIELDS[type]) {
        const value = Array.isArray(full[type][key]) ? [] : '   ';
        expect(isEntryComplete(type, { ...full[type], [key]: value }), `${type}.${key}`).toBe(false);
      }
    }
  });
  it('needs these fields before an entry counts as complete', () => {
    expect(COMPLETENESS_FIELDS).toEqual({
      resentments: ['who', 'why', 'feeling', 'impacts', 'myPart'],
      fears: ['fear', 'why', 'impacts'],
      harms: ['whoHarmed', 'how', 'defects', 'alternative'],
    });
  });
  it('the edit form requires who, fear and whoHarmed', () => {
    expect(missingRequired('resentments', emptyEntry('resentments', 'x'))).toEqual(['who']);
    expect(missingRequired('fears', emptyEntry('fears', 'x'))).toEqual(['fear']);
    expect(missingRequired('harms', emptyEntry('harms', 'x'))).toEqual(['whoHarmed']);
    expect(missingRequired('harms', full.harms)).toEqual([]);
  });
});

describe('status text', () => {
  it('reads not started, in progress (N), complete (N)', () => {
    expect(inventoryStatusText(0, false)).toBe('not started');
    expect(inventoryStatusText(0, true)).toBe('not started');
    expect(inventoryStatusText(3, false)).toBe('in progress (3)');
    expect(inventoryStatusText(5, true)).toBe('complete (5)');
  });
});

describe('quick add', () => {
  it('ignores a blank name and trims the text', () => {
    expect(quickAddEntry('resentments', '   ', 'a')).toBeNull();
    expect(quickAddEntry('fears', '', 'a')).toBeNull();
    expect(quickAddEntry('harms', '  My dad \n', 'a')).toEqual({
      id: 'a',
      whoHarmed: 'My dad',
      how: '',
      defects: [],
      alternative: '',
    });
  });
});

describe('Completed checkbox', () => {
  it('is disabled with no entries', () => {
    expect(completedCheckboxDisabled({ entries: [], completed: false })).toBe(true);
    expect(completedCheckboxDisabled({ entries: [full.fears], completed: false })).toBe(false);
    expect(setInventoryCompleted('fears', { entries: [], completed: false }, true)).toEqual({
      ok: false,
      warning: null,
    });
  });
  it('refuses with the warning while any entry is incomplete', () => {
    const state = { entries: [full.fears, emptyEntry('fears', 'e')], completed: false };
    expect(setInventoryCompleted('fears', state, true)).toEqual({
      ok: false,
      warning: 'There are entries in your inventory that are incomplete.',
    });
    expect(INVENTORY_MESSAGES.incomplete).toBe('There are entries in your inventory that are incomplete.');
  });
  it('accepts when every entry is complete, and always allows unticking', () => {
    const state = { entries: [full.harms], completed: false };
    expect(setInventoryCompleted('harms', state, true)).toEqual({
      ok: true,
      state: { ...state, completed: true },
    });
    expect(
      setInventoryCompleted('harms', { entries: [emptyEntry('harms', 'x')], completed: true }, false),
    ).toEqual({
      ok: true,
      state: { entries: [emptyEntry('harms', 'x')], completed: false },
    });
  });
  it('deleting the last entry resets completion; deleting another keeps it', () => {
    const two = { entries: [full.harms, { ...full.harms, id: 'h2' }], completed: true };
    expect(removeEntry(two, 'h2').completed).toBe(true);
    expect(removeEntry(removeEntry(two, 'h2'), 'h1')).toEqual({ entries: [], completed: false });
  });
  it('adding or editing into an incomplete entry un-marks the inventory', () => {
    const done = { entries: [full.resentments], completed: true };
    expect(addEntry('resentments', done, emptyEntry('resentments', 'n')).completed).toBe(false);
    expect(addEntry('resentments', done, { ...full.resentments, id: 'n' }).completed).toBe(true);
    expect(replaceEntry('resentments', done, { ...full.resentments, why: '' }).completed).toBe(false);
  });
});

describe('encrypted payload', () => {
  it('round-trips entries, and refuses a payload with a malformed entry instead of dropping it', () => {
    const payload = JSON.parse(JSON.stringify(inventoryPayload([full.resentments])));
    expect(parseInventoryPayload('resentments', payload)).toEqual([full.resentments]);
    expect(() =>
      parseInventoryPayload('resentments', { entries: [{ who: 'no id' }, full.resentments] }),
    ).toThrow(InventoryReadError);
    expect(() => parseInventoryPayload('resentments', { entries: 'x' })).toThrow(InventoryReadError);
    expect(() =>
      parseInventoryPayload('resentments', { entries: [{ ...full.resentments, why: 42 }] }),
    ).toThrow(InventoryReadError);
    expect(parseInventoryPayload('fears', null)).toEqual([]);
  });
  it('reads text of any length back as it was written, and fills fields an older entry lacks', () => {
    const long = 'é'.repeat(10_001);
    const stored = { entries: [{ id: 'e1', who: 'Boss', why: long }] };
    expect(parseInventoryPayload('resentments', stored)).toEqual([
      { id: 'e1', who: 'Boss', why: long, feeling: '', impacts: [], myPart: '' },
    ]);
  });
  it('names the first field over its limit before a save', () => {
    const entry = { ...full.resentments, why: 'x'.repeat(10_001) };
    expect(entryLimitProblem('resentments', entry)).toBe(
      '"Why I am resentful" is 10,001 characters long; the limit is 10,000. Please shorten it by 1 character to save it.',
    );
    expect(entryLimitProblem('resentments', { ...full.resentments, why: 'x'.repeat(10_000) })).toBeNull();
  });
  it('places have no "|"', () => {
    expect(inventoryPlace('resentments')).toBe('inventory:resentments:current');
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","x\r\ny"\r\n1,2,3,4')).toEqual([
      ['a', 'b, c', 'say "hi"', 'x\r\ny'],
      ['1', '2', '3', '4'],
    ]);
  });
  it('reads plain comma-split lines with LF or CR ends, and keeps empty fields', () => {
    expect(parseCsv('a,b\n,c\rd,')).toEqual([
      ['a', 'b'],
      ['', 'c'],
      ['d', ''],
    ]);
  });
  it('keeps a stray quote inside an unquoted field and skips a BOM', () => {
    expect(parseCsv('\uFEFFhe said "no",x')).toEqual([['he said "no"', 'x']]);
  });
  it('throws on an unclosed quote', () => {
    expect(() => parseCsv('"abc')).toThrow('a quoted field is not closed');
  });
});

describe('CSV export', () => {
  it('writes a header naming the columns and quotes what needs it, lists joined with "; "', () => {
    const csv = exportInventoryCsv('resentments', [{ ...full.resentments, why: 'He said, "no"' }]);
    expect(csv).toBe(
      'who,why,feeling,impacts,myPart\r\nMy boss,"He said, ""no""",Angry,pride; pocketbook,I was late\r\n',
    );
  });
  it('names the file after the type and date', () => {
    expect(inventoryCsvFileName('harms', new Date(2026, 0, 5))).toBe('harms-inventory-2026-01-05.csv');
  });
});

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};
const withoutIds = (entries: EntryRecord[]) => entries.map(({ id: _id, ...rest }) => rest);

declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = (text: string) => new TextEncoder().encode(text);
/** Reads `text` as the bytes of a UTF-8 file; the entries, or the refusal's message. */
const read = (type: InventoryType, name: string, text: string, makeId = counter()) =>
  readInventoryCsv(type, name, utf8(text), makeId);
const messageOf = (result: ReturnType<typeof read>) => (result.ok ? 'read' : result.message);

describe('CSV import', () => {
  it('reads a plain file whose headers are the field names people use, lists split on ";"', () => {
    const text = 'Person,Why,Feeling,Impacts,My part\nMom,She yelled,hurt,self-esteem; pride,I yelled back\n';
    const result = read('resentments', 'old.csv', text);
    expect(result.ok && result.preview.entries).toEqual([
      {
        id: 'id-1',
        who: 'Mom',
        why: 'She yelled',
        feeling: 'hurt',
        impacts: ['self-esteem', 'pride'],
        myPart: 'I yelled back',
      },
    ]);
  });
  it('splits list cells on ";" with spaces trimmed and matches options by label', () => {
    expect(splitListCell(' pride ;Self Esteem;; ', IMPACT_OPTIONS)).toEqual(['pride', 'self-esteem']);
  });
  it('maps columns by the header, in any order', () => {
    const text = 'alternative,defects,how,whoHarmed\nBe kind,greedy,Took it,Tom\n';
    const result = read('harms', 'x.CSV', text);
    expect(result.ok && withoutIds(result.preview.entries)).toEqual([
      { whoHarmed: 'Tom', how: 'Took it', defects: ['greedy'], alternative: 'Be kind' },
    ]);
  });
  it('leaves out rows whose main column is blank, and says which', () => {
    const text = 'fear,why,impacts,myPart\n,no name,,\nHeights,Fell once,,\n\n';
    const result = read('fears', 'f.csv', text);
    expect(result.ok && result.preview.entries.map((e) => e.fear)).toEqual(['Heights']);
    expect(result.ok && result.preview.skippedRows).toEqual([2]);
    expect(CSV_MESSAGES.imported(1)).toBe('Successfully imported 1 entry.');
    expect(CSV_MESSAGES.imported(2)).toBe('Successfully imported 2 entries.');
    expect(entryCountText(1204)).toBe('1,204 entries');
  });
  it('gives every bad-file message', () => {
    expect(read('fears', 'fears.txt', 'fear\nx')).toEqual({
      ok: false,
      message: 'Error: Please select a CSV file. The file must have a .csv extension.',
    });
    expect(messageOf(read('fears', 'fears.csv', ''))).toBe(
      'The file appears to be empty or could not be read properly.',
    );
    expect(messageOf(read('fears', 'fears.csv', ' \n\r\n '))).toBe(CSV_MESSAGES.empty);
    expect(messageOf(read('fears', 'fears.csv', 'fear,why,impacts,myPart\n'))).toBe(
      'The file must have at least a header row and one data row. Please use a CSV file exported from SAM.',
    );
    expect(messageOf(read('fears', 'fears.csv', 'fear,why\n,something\n , x\n'))).toBe(
      'No valid data found in the file. Please make sure your CSV file contains at least one entry with data in the first column.',
    );
    expect(read('fears', 'fears.csv', 'fear\n"open')).toEqual({
      ok: false,
      message: 'Import failed: a quoted field is not closed',
    });
    expect(CSV_MESSAGES.failed('boom')).toBe('Import failed: boom');
    const many = `fear\n${'x\n'.repeat(2001)}`;
    expect(messageOf(read('fears', 'fears.csv', many))).toBe(
      'Import failed: the file has 2,001 entries; an inventory holds at most 2,000',
    );
  });
});

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

const PIECES = [
  'a',
  'word',
  ' ',
  ',',
  '"',
  '""',
  ';',
  '; ',
  '\n',
  '\r\n',
  '\r',
  "'",
  '=SUM(A1)',
  'é',
  'ß',
  'Привет',
  'مرحبا',
  'שלום',
  '日本語',
  '한국어',
  'हिन्दी',
  '😀',
  '👩‍👩‍👧',
  '\t',
  '  ',
  '\\',
];

function randomText(r: ReturnType<typeof random>, nonBlank: boolean): string {
  const length = r.int(8);
  let text = '';
  for (let i = 0; i < length; i++) text += r.pick(PIECES);
  if (nonBlank && text.trim() === '') text = `${r.pick(PIECES)}x`;
  return text;
}

function randomEntry(r: ReturnType<typeof random>, type: InventoryType, id: string): EntryRecord {
  const entry: EntryRecord = { id };
  INVENTORY_FIELDS[type].forEach((field, index) => {
    if (field.kind === 'list') {
      const options = field.options ?? [];
      entry[field.key] = options.filter(() => r.next() < 0.3);
    } else {
      entry[field.key] = randomText(r, index === 0);
    }
  });
  return entry;
}

describe('CSV round trip (seeded property test)', () => {
  it('export then import gives the same entries, for 300 random inventories per type', () => {
    for (const type of INVENTORY_TYPES) {
      for (let seed = 1; seed <= 300; seed++) {
        const r = random(seed * 7919 + type.length);
        const entries = Array.from({ length: 1 + r.int(6) }, (_, i) => randomEntry(r, type, `e${i}`));
        const csv = exportInventoryCsv(type, entries);
        // As SAM downloads it: UTF-8 with a BOM.
        const result = read(type, `${type}.csv`, `\uFEFF${csv}`);
        if (!result.ok) throw new Error(`seed ${seed} ${type}: ${result.message}`);
        expect(result.preview.separator).toBe(',');
        expect(result.preview.ignoredColumns).toEqual([]);
        expect(result.preview.missingFields).toEqual([]);
        expect(withoutIds(result.preview.entries), `seed ${seed} ${type}`).toEqual(withoutIds(entries));
      }
    }
  });
});

describe('inventoryCompleted', () => {
  it('is true only for an inventory marked complete that has entries', () => {
    expect(inventoryCompleted(true, 3)).toBe(true);
    expect(inventoryCompleted(true, 0)).toBe(false);
    expect(inventoryCompleted(false, 3)).toBe(false);
    expect(inventoryCompleted(false, 0)).toBe(false);
  });
});
