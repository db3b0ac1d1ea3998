import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntryRecord } from '../inventory/entries.ts';
import { backupRestoreBodySchema } from '../schemas/backup.ts';
import { INVENTORY_TYPES, type InventoryType } from '../schemas/inventory.ts';
import { exportMethods, isMobileDevice } from './exportMethods.ts';
import { buildBackupFile, readBackupFile, readDecryptedPayload } from './file.ts';
import { backupFileName, defaultBackupFileName } from './fileName.ts';
import { BACKUP_MESSAGES } from './messages.ts';
import { buildBackupPayload, type InventorySnapshot, restoreContent, type StepSnapshot } from './payload.ts';
import {
  backupPreview,
  clearConfirmationProblem,
  formatBackupDate,
  hasCurrentData,
  isClearConfirmed,
} from './summary.ts';

const emptyInventories = (): Record<InventoryType, InventorySnapshot> => ({
  resentments: { entries: [], completed: false },
  fears: { entries: [], completed: false },
  harms: { entries: [], completed: false },
});

const step3: StepSnapshot = {
  step_number: 3,
  step_title: 'Step 3',
  completed: false,
  actions: [{ id: 1, completed: true }],
  data: { prayer_text: 'my own words' },
};
const resentment: EntryRecord = {
  id: 'r1',
  who: 'Boss',
  why: 'late',
  feeling: 'angry',
  impacts: ['pride'],
  myPart: 'x',
};

describe('default backup file name', () => {
  it('is {program}-{track}-backup-{date}-{time}.json in local time', () => {
    expect(defaultBackupFileName(new Date(2026, 2, 5, 14, 7, 9))).toBe(
      'SAA-12-steps-backup-2026-03-05-14-07-09.json',
    );
  });

  it('refuses a blank name, adds .json and replaces characters a file system refuses', () => {
    expect(backupFileName('   ')).toBeNull();
    expect(backupFileName(' my backup ')).toBe('my backup.json');
    expect(backupFileName('a/b:c.JSON')).toBe('a-b-c.JSON');
  });
});

describe('reading a chosen backup file', () => {
  const payload = buildBackupPayload([step3], {
    ...emptyInventories(),
    resentments: { entries: [resentment], completed: true },
  });
  const file = buildBackupFile('AAAA', new Date('2026-03-05T10:00:00Z'));

  it('has a message for each bad file', () => {
    expect(readBackupFile(null)).toEqual({ ok: false, message: 'No file selected' });
    expect(readBackupFile('not json')).toEqual({ ok: false, message: 'Invalid backup file format' });
    expect(readBackupFile('[1]')).toEqual({ ok: false, message: 'Invalid backup file format' });
    expect(readBackupFile('{"encryptedData":"AAAA"}')).toEqual({
      ok: false,
      message: 'Invalid backup file: Missing metadata',
    });
    expect(readBackupFile(JSON.stringify({ metadata: file.metadata }))).toEqual({
      ok: false,
      message: 'Invalid backup file format',
    });
    expect(readBackupFile(JSON.stringify({ metadata: file.metadata, encryptedData: '%%%' }))).toEqual({
      ok: false,
      message: 'Failed to decrypt backup data. This file may be corrupted or from a different user.',
    });
    expect(readBackupFile(JSON.stringify({ metadata: { exportDate: 'x' }, encryptedData: 'AAAA' }))).toEqual({
      ok: false,
      message: 'Invalid backup file format',
    });
  });

  it('accepts an encrypted file and a plain one', () => {
    expect(readBackupFile(JSON.stringify(file))).toEqual({
      ok: true,
      kind: 'encrypted',
      metadata: file.metadata,
      encryptedData: 'AAAA',
    });
    const plain = readBackupFile(JSON.stringify({ metadata: file.metadata, ...payload }));
    expect(plain.ok && plain.kind === 'plain' && plain.payload.progress.step3?.data).toEqual({
      prayer_text: 'my own words',
    });
  });

  it('refuses a decrypted value that is not a payload', () => {
    expect(readDecryptedPayload({ progress: 3 })).toEqual({
      ok: false,
      message: BACKUP_MESSAGES.invalidFormat,
    });
    expect(readDecryptedPayload(JSON.parse(JSON.stringify(payload))).ok).toBe(true);
  });

  it('summarises program, track, date, steps with data and entry counts', () => {
    const withEmptyStep = buildBackupPayload(
      [step3, { step_number: 1, step_title: 'Step 1', completed: false, actions: [], data: { notes: ' ' } }],
      { ...emptyInventories(), resentments: { entries: [resentment], completed: true } },
    );
    expect(backupPreview(file.metadata, withEmptyStep, { locale: 'en-US', timeZone: 'UTC' })).toEqual({
      program: 'SAA',
      track: '12 Steps',
      backupDate: 'Mar 5, 2026, 10:00 AM',
      stepsWithData: [3],
      inventoryCounts: [
        { type: 'resentments', label: 'Resentments', count: 1 },
        { type: 'fears', label: 'Fears', count: 0 },
        { type: 'harms', label: 'Harms Done', count: 0 },
      ],
    });
  });
});

describe('the backup date', () => {
  const made = '2026-03-05T23:30:00.000Z';

  it('shows the date and the time, in the locale and time zone of the person', () => {
    expect(formatBackupDate(made, { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 5, 2026, 11:30 PM');
    expect(formatBackupDate(made, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe('5 Mar 2026, 23:30');
    expect(formatBackupDate(made, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('06.03.2026, 00:30');
  });

  it('tells two backups of one day apart', () => {
    const style = { locale: 'en-US', timeZone: 'America/Chicago' };
    expect(formatBackupDate('2026-03-05T14:00:00Z', style)).not.toBe(
      formatBackupDate('2026-03-05T20:00:00Z', style),
    );
  });

  it('keeps a text that is not a date as it is', () => {
    expect(formatBackupDate('yesterday')).toBe('yesterday');
  });
});

describe('current data and the clear confirmation', () => {
  const step = (over: object = {}) => ({ completed: false, data: { actions: [] }, ...over });
  it('sees data in a completed step, a ticked action, a ciphertext or an inventory entry', () => {
    expect(hasCurrentData([step()], [{ entry_count: 0 }])).toBe(false);
    expect(hasCurrentData([step({ completed: true })], [])).toBe(true);
    expect(hasCurrentData([step({ data: { actions: [{ id: 1, completed: true }] } })], [])).toBe(true);
    expect(hasCurrentData([step({ data: { actions: [], encryptedData: 'AA' } })], [])).toBe(true);
    expect(hasCurrentData([], [{ entry_count: 2 }])).toBe(true);
  });

  it('takes "clear" in any case and nothing else', () => {
    expect(isClearConfirmed('CLEAR')).toBe(true);
    expect(isClearConfirmed(' Clear ')).toBe(true);
    expect(isClearConfirmed('clea')).toBe(false);
    expect(clearConfirmationProblem('nope')).toBe('Please type "clear" to confirm');
    expect(clearConfirmationProblem('clear')).toBeNull();
  });
});

describe('export method choice', () => {
  it('shares on a phone, then the save picker, then a download', () => {
    expect(exportMethods({ mobile: true, canShareFiles: true, canPickSaveFile: true })).toEqual([
      'share',
      'file-system',
      'download',
    ]);
    expect(exportMethods({ mobile: false, canShareFiles: true, canPickSaveFile: true })).toEqual([
      'file-system',
      'download',
    ]);
    expect(exportMethods({ mobile: true, canShareFiles: false, canPickSaveFile: false })).toEqual([
      'download',
    ]);
  });

  it('detects a phone by touch points or user agent', () => {
    expect(isMobileDevice(5, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isMobileDevice(0, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toBe(true);
    expect(isMobileDevice(0, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
  });
});

describe('restore body', () => {
  const save = (n: number) => ({
    program: 'SAA',
    track: '12-steps',
    step_number: n,
    completed: false,
    data: { actions: [], encrypted: false },
  });
  it('refuses a step twice, another track and an old inventory version', () => {
    expect(backupRestoreBodySchema.safeParse({ steps: [save(1), save(1)], inventories: [] }).success).toBe(
      false,
    );
    expect(
      backupRestoreBodySchema.safeParse({ steps: [{ ...save(1), program: 'AA' }], inventories: [] }).success,
    ).toBe(false);
    const inventory = {
      inventory_type: 'fears',
      items: [],
      encryptedData: 'AAAA',
      encrypted: true,
      entry_count: 0,
    };
    expect(
      backupRestoreBodySchema.safeParse({ steps: [], inventories: [{ ...inventory, version: 'fears-old' }] })
        .success,
    ).toBe(false);
    expect(backupRestoreBodySchema.parse({ steps: [save(2)], inventories: [inventory] }).overwrite).toBe(
      false,
    );
  });
});

const text = fc.string({ maxLength: 40 });
const list = fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 });
const id = fc.uuid();
const entryArbs: Record<InventoryType, fc.Arbitrary<EntryRecord>> = {
  resentments: fc.record({ id, who: text, why: text, feeling: text, impacts: list, myPart: text }),
  fears: fc.record({ id, fear: text, why: text, impacts: list, myPart: text }),
  harms: fc.record({ id, whoHarmed: text, how: text, defects: list, alternative: text }),
};
const inventoryArb = (type: InventoryType) =>
  fc.record({ entries: fc.array(entryArbs[type], { maxLength: 5 }), completed: fc.boolean() });
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const stepArb = (n: number): fc.Arbitrary<StepSnapshot> =>
  fc.record({
    step_number: fc.constant(n),
    step_title: fc.string({ maxLength: 30 }),
    completed: fc.boolean(),
    started_at: fc.option(isoDate),
    completed_at: fc.option(isoDate),
    actions: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 3 }), completed: fc.boolean() }), {
      selector: (a) => a.id,
      maxLength: 3,
    }),
    data: fc.record(
      {
        prayer_text: text,
        notes: text,
        sharedWithSponsor: fc.boolean(),
        characterDefects: fc.array(fc.string({ maxLength: 30 }), { maxLength: 9 }),
        defectAnswers: fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && s !== '__proto__'),
          fc.record({ hurts: text, helps: text, less: text }),
          { maxKeys: 3 },
        ),
      },
      { requiredKeys: [] },
    ),
  });
const stepsArb = fc
  .subarray(Array.from({ length: 12 }, (_, i) => i + 1))
  .chain((numbers) => fc.tuple(...numbers.map(stepArb)));

describe('backup payload round trip (property)', () => {
  it('gives back exactly the same steps and inventories', () => {
    fc.assert(
      fc.property(
        stepsArb,
        inventoryArb('resentments'),
        inventoryArb('fears'),
        inventoryArb('harms'),
        (steps, resentments, fears, harms) => {
          const inventories = { resentments, fears, harms };
          const payload = buildBackupPayload(steps, inventories);
          const read = readDecryptedPayload(JSON.parse(JSON.stringify(payload)));
          if (!read.ok) throw new Error(read.message);
          const restored = restoreContent(read.payload);
          expect(restored.steps).toEqual(steps);
          for (const type of INVENTORY_TYPES) expect(restored.inventories[type]).toEqual(inventories[type]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
