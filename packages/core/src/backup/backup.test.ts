import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AbstinenceRecord } from '../abstinence/periods.ts';
import { type CheckInContent, HALT, MOODS } from '../checkIns/checkIn.ts';
import type { DatedCheckIn } from '../checkIns/rhythm.ts';
import type { CirclesVersion } from '../circles/versions.ts';
import type { EntryRecord } from '../inventory/entries.ts';
import {
  type BackupPayload,
  backupPayloadSchema,
  backupRestoreBodySchema,
  MAX_BACKUP_CIPHERTEXT,
  MAX_RESTORE_BODY,
} from '../schemas/backup.ts';
import { MAX_CHECK_INS } from '../schemas/checkIns.ts';
import { MAX_CIRCLES_VERSIONS } from '../schemas/circles.ts';
import { INVENTORY_TYPES, type InventoryType } from '../schemas/inventory.ts';
import { exportMethods, isMobileDevice } from './exportMethods.ts';
import { backupSizeProblem, buildBackupFile, readBackupFile, readDecryptedPayload } from './file.ts';
import { backupFileName, defaultBackupFileName } from './fileName.ts';
import { BACKUP_MESSAGES } from './messages.ts';
import {
  BACKUP_FIELD_STRUCTURE,
  buildBackupPayload,
  type InventorySnapshot,
  type RecoveryToolsSnapshot,
  restoreContent,
  type StepSnapshot,
} from './payload.ts';
import {
  backupPreview,
  clearConfirmationProblem,
  formatBackupDate,
  hasCurrentData,
  isClearConfirmed,
  recoveryToolsPreviewRows,
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

const circlesV1: CirclesVersion = {
  version: 1,
  createdAt: '2026-01-02T09:00:00.000Z',
  content: { circles: { inner: [{ id: 'i1', text: 'Acting out online' }], middle: [], outer: [] } },
};
const circlesV2: CirclesVersion = {
  version: 2,
  createdAt: '2026-02-03T09:00:00.000Z',
  content: {
    circles: {
      inner: [{ id: 'i1', text: 'Acting out online' }],
      middle: [{ id: 'm1', text: 'Staying up late alone' }],
      outer: [{ id: 'o1', text: 'Calling my sponsor' }],
    },
    reason: 'Talked it through with my sponsor',
  },
};
const abstinence: AbstinenceRecord = {
  periods: [
    { id: 'p1', start: '2025-11-01', end: '2025-12-20', slipNote: 'A hard week' },
    { id: 'p2', start: '2025-12-21', end: null },
  ],
};
const checkIn = (day: string, circle: CheckInContent['circle'] = 'outer'): DatedCheckIn => ({
  day,
  content: { circle, moods: ['hopeful'], halt: ['tired'], gratitude: 'A walk', stepTen: { afraid: 'Work' } },
});
const tools: RecoveryToolsSnapshot = {
  circles: [circlesV2, circlesV1],
  abstinence,
  checkIns: [checkIn('2026-03-02', 'middle'), checkIn('2026-03-01')],
};
/** A payload as a file made before the circles, the abstinence dates and the check-ins holds it. */
const olderPayload = (payload: BackupPayload) => {
  const { circles: _c, abstinence: _a, checkIns: _k, ...older } = payload;
  return JSON.parse(JSON.stringify(older));
};

describe('default backup file name', () => {
  it('is backup-{date}-{time}.json in local time, naming no program', () => {
    expect(defaultBackupFileName(new Date(2026, 2, 5, 14, 7, 9))).toBe('backup-2026-03-05-14-07-09.json');
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

  it('refuses to make a file it could not restore, and says why when such a file is chosen', () => {
    const largest = 'A'.repeat(MAX_BACKUP_CIPHERTEXT);
    expect(backupSizeProblem(largest, 'making')).toBeNull();
    expect(readBackupFile(JSON.stringify({ ...file, encryptedData: largest })).ok).toBe(true);
    const over = `${largest}AAAA`;
    const size = (over.length / 1_000_000).toFixed(1);
    const limit = (MAX_BACKUP_CIPHERTEXT / 1_000_000).toFixed(1);
    expect(backupSizeProblem(over, 'making')).toBe(
      `This backup would be ${size} MB, more than the ${limit} MB SAM can restore, so no file was made and nothing was cleared. Please tell us through Feedback.`,
    );
    expect(readBackupFile(JSON.stringify({ ...file, encryptedData: over }))).toEqual({
      ok: false,
      message: `This backup is ${size} MB, more than the ${limit} MB SAM can restore.`,
    });
  });

  it('names no program or track outside the encrypted part', () => {
    expect(file).toEqual({
      metadata: { exportDate: '2026-03-05T10:00:00.000Z', formatVersion: 2, encrypted: true },
      encryptedData: 'AAAA',
    });
    expect(JSON.stringify(file.metadata)).not.toMatch(/SAA|12-steps|step|program|track/i);
    // The program and track travel inside, where the preview reads them.
    expect(payload.programTrack).toBe('SAA-12-steps');
    expect(backupPreview(file.metadata, payload)).toMatchObject({ program: 'SAA', track: '12 Steps' });
  });

  it('still reads a file of the older format, whose metadata named the program in the clear', () => {
    const olderMetadata = {
      exportDate: '2025-11-02T08:00:00.000Z',
      programTrack: 'SAA-12-steps',
      program: 'SAA',
      track: '12-steps',
      formatVersion: 1,
      encrypted: true,
    };
    const read = readBackupFile(JSON.stringify({ metadata: olderMetadata, encryptedData: 'AAAA' }));
    expect(read).toEqual({ ok: true, kind: 'encrypted', metadata: olderMetadata, encryptedData: 'AAAA' });
    const { programTrack: _p, ...olderPayload } = JSON.parse(JSON.stringify(payload));
    const decrypted = readDecryptedPayload(olderPayload);
    if (!decrypted.ok || !read.ok || read.kind !== 'encrypted') throw new Error('an older file should open');
    expect(backupPreview(read.metadata, decrypted.payload)).toMatchObject({
      program: 'SAA',
      track: '12 Steps',
    });
    const plain = readBackupFile(JSON.stringify({ metadata: olderMetadata, ...olderPayload }));
    expect(plain.ok && plain.kind === 'plain' && plain.payload.progress.step3?.data).toEqual({
      prayer_text: 'my own words',
    });
    // A file that names another program is still refused.
    expect(
      readBackupFile(
        JSON.stringify({
          metadata: { ...olderMetadata, programTrack: 'AA-12-steps' },
          encryptedData: 'AAAA',
        }),
      ).ok,
    ).toBe(false);
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
      circleVersions: 0,
      abstinencePeriods: 0,
      checkIns: 0,
    });
  });
});

describe('the circles, the abstinence dates and the check-ins in a backup', () => {
  const payload = buildBackupPayload([step3], emptyInventories(), tools);

  it('are kept oldest first and come back exactly', () => {
    expect(payload.circles?.map((v) => v.version)).toEqual([1, 2]);
    expect(payload.checkIns?.map((c) => c.day)).toEqual(['2026-03-01', '2026-03-02']);
    const read = readDecryptedPayload(JSON.parse(JSON.stringify(payload)));
    if (!read.ok) throw new Error(read.message);
    const restored = restoreContent(read.payload);
    expect(restored.circles).toEqual([circlesV1, circlesV2]);
    expect(restored.abstinence).toEqual(abstinence);
    expect(restored.checkIns).toEqual([checkIn('2026-03-01'), checkIn('2026-03-02', 'middle')]);
  });

  it('are described in the field structure', () => {
    expect(payload.fieldStructure).toBe(BACKUP_FIELD_STRUCTURE);
    expect(BACKUP_FIELD_STRUCTURE.circles.circles.required).toEqual(['inner', 'middle', 'outer']);
    expect(BACKUP_FIELD_STRUCTURE.abstinence.period.required).toEqual(['id', 'start', 'end']);
    expect(BACKUP_FIELD_STRUCTURE.checkIns.content.stepTen).toContain('apology');
  });

  it('are counted in the restore preview', () => {
    const file = buildBackupFile('AAAA', new Date('2026-03-05T10:00:00Z'));
    const preview = backupPreview(file.metadata, payload, { locale: 'en-US', timeZone: 'UTC' });
    expect(preview).toMatchObject({ circleVersions: 2, abstinencePeriods: 2, checkIns: 2 });
    expect(recoveryToolsPreviewRows(preview)).toEqual([
      ['Three circles', '2 circle versions'],
      ['Abstinence dates', '2 periods'],
      ['Check-ins', '2 check-ins'],
    ]);
    const one = backupPreview(
      file.metadata,
      buildBackupPayload([], emptyInventories(), {
        circles: [circlesV1],
        abstinence: { periods: [{ id: 'p', start: '2026-01-01', end: null }] },
        checkIns: [checkIn('2026-03-01')],
      }),
    );
    expect(recoveryToolsPreviewRows(one).map(([, value]) => value)).toEqual([
      '1 circle version',
      '1 period',
      '1 check-in',
    ]);
  });

  it('are missing from an older file, which still opens and restores none of them', () => {
    const older = olderPayload(payload);
    const file = buildBackupFile('AAAA', new Date('2026-03-05T10:00:00Z'));
    const plain = readBackupFile(JSON.stringify({ metadata: file.metadata, ...older }));
    if (!plain.ok || plain.kind !== 'plain') throw new Error('an older plain file should open');
    expect(plain.payload.progress.step3?.data).toEqual({ prayer_text: 'my own words' });
    const read = readDecryptedPayload(older);
    if (!read.ok) throw new Error(read.message);
    expect(recoveryToolsPreviewRows(backupPreview(file.metadata, read.payload))).toEqual([
      ['Three circles', 'None'],
      ['Abstinence dates', 'None'],
      ['Check-ins', 'None'],
    ]);
    expect(restoreContent(read.payload)).toMatchObject({ circles: [], abstinence: null, checkIns: [] });
  });

  it('refuse a payload whose circles, dates or check-ins break their own rules', () => {
    const refused = (change: Partial<BackupPayload>) =>
      readDecryptedPayload(JSON.parse(JSON.stringify({ ...payload, ...change })));
    const bad: Partial<BackupPayload>[] = [
      { circles: [circlesV1, { ...circlesV2, version: 1 }] },
      { circles: [{ ...circlesV1, version: 0 }] },
      { circles: [{ ...circlesV1, createdAt: 'last week' }] },
      {
        circles: [
          {
            ...circlesV1,
            content: { circles: { inner: [{ id: 'i', text: 'x'.repeat(301) }], middle: [], outer: [] } },
          },
        ],
      },
      { abstinence: { periods: [{ id: 'p', start: '2026-02-30', end: null }] } },
      { checkIns: [checkIn('2026-03-01'), checkIn('2026-03-01', 'inner')] },
      {
        checkIns: [{ day: '2026-03-01', content: { ...checkIn('x').content, circle: 'purple' as 'outer' } }],
      },
      {
        checkIns: [
          {
            day: '2026-03-01',
            content: { ...checkIn('x').content, moods: ['okay', 'sad', 'angry', 'hopeful'] },
          },
        ],
      },
    ];
    for (const change of bad) {
      expect(refused(change), JSON.stringify(change)).toEqual({
        ok: false,
        message: BACKUP_MESSAGES.invalidFormat,
      });
    }
    expect(refused({ abstinence: null }).ok).toBe(true);
  });

  it('hold at most the versions and check-ins SAM keeps', () => {
    const versions = Array.from({ length: MAX_CIRCLES_VERSIONS + 1 }, (_, i) => ({
      ...circlesV1,
      version: i + 1,
    }));
    expect(backupPayloadSchema.safeParse({ ...payload, circles: versions.slice(0, -1) }).success).toBe(true);
    expect(backupPayloadSchema.safeParse({ ...payload, circles: versions }).success).toBe(false);
    const day = (i: number) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const checkIns = Array.from({ length: MAX_CHECK_INS + 1 }, (_, i) => checkIn(day(i)));
    expect(backupPayloadSchema.safeParse({ ...payload, checkIns: checkIns.slice(0, -1) }).success).toBe(true);
    expect(backupPayloadSchema.safeParse({ ...payload, checkIns }).success).toBe(false);
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

  it('sees data in a version of the circles, an abstinence record or a check-in', () => {
    const none = { circleVersions: 0, abstinence: false, checkIns: 0 };
    expect(hasCurrentData([step()], [{ entry_count: 0 }], none)).toBe(false);
    expect(hasCurrentData([], [], { ...none, circleVersions: 1 })).toBe(true);
    expect(hasCurrentData([], [], { ...none, abstinence: true })).toBe(true);
    expect(hasCurrentData([], [], { ...none, checkIns: 3 })).toBe(true);
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

  /** Stands for a ciphertext: base64, long enough, and never plain words. */
  const sealed = (label: string) => `${'QUJD'.repeat(10)}${label.replace(/[^A-Za-z0-9]/g, '')}`;
  const tools = {
    circles: [
      { version: 1, createdAt: '2026-01-02T09:00:00.000Z', ciphertext: sealed('circles-1') },
      { version: 3, createdAt: '2026-02-03T09:00:00.000Z', ciphertext: sealed('circles-3') },
    ],
    abstinence: { ciphertext: sealed('abstinence') },
    checkIns: [{ day: '2026-03-01', ciphertext: sealed('check-in') }],
  };
  const problems = (change: object) => {
    const parsed = backupRestoreBodySchema.safeParse({ steps: [], inventories: [], ...tools, ...change });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes the circles, the abstinence record and the check-ins, each part optional', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ abstinence: null, circles: [], checkIns: [] })).toEqual([]);
    const {
      circles: _c,
      abstinence: _a,
      checkIns: _k,
      ...withoutThem
    } = backupRestoreBodySchema.parse({
      steps: [],
      inventories: [],
    });
    expect(withoutThem).toEqual({ overwrite: false, steps: [], inventories: [] });
    expect(backupRestoreBodySchema.parse({ steps: [], inventories: [] }).circles).toBeUndefined();
  });

  it('refuses a repeated version or day, a day that is not a date, plain text and oversized parts', () => {
    const [v1] = tools.circles;
    const [c1] = tools.checkIns;
    expect(problems({ circles: [v1, v1] })).toEqual(['circles.1: Circles version 1 appears twice']);
    expect(problems({ checkIns: [c1, c1] })).toEqual([
      'checkIns.1: The check-in of 2026-03-01 appears twice',
    ]);
    expect(problems({ checkIns: [{ ...c1, day: '2026-02-30' }] })).toEqual([
      'checkIns.0.day: day must be a real date written YYYY-MM-DD',
    ]);
    expect(problems({ circles: [{ ...v1, version: 1001 }] })).toEqual([
      'circles.0.version: version is at most 1000',
    ]);
    expect(problems({ circles: [{ ...v1, createdAt: 'soon' }] })).toEqual([
      'circles.0.createdAt: createdAt must be an ISO date-time',
    ]);
    expect(problems({ abstinence: { ciphertext: 'my dates in plain words, not a ciphertext' } })).toEqual([
      'abstinence.ciphertext: Must be base64',
    ]);
    expect(problems({ checkIns: [{ ...c1, ciphertext: 'A'.repeat(80_004) }] })).toEqual([
      'checkIns.0.ciphertext: Must be at most 80000 characters',
    ]);
    expect(problems({ abstinence: { ciphertext: 'A'.repeat(400_004) } })).toEqual([
      'abstinence.ciphertext: Must be at most 400000 characters',
    ]);
    expect(problems({ circles: [{ ...v1, ciphertext: 'A'.repeat(200_004) }] })).toEqual([
      'circles.0.ciphertext: Must be at most 200000 characters',
    ]);
  });

  it('holds at most the versions and check-ins SAM keeps', () => {
    const versions = Array.from({ length: MAX_CIRCLES_VERSIONS + 1 }, (_, i) => ({
      ...tools.circles[0],
      version: (i % MAX_CIRCLES_VERSIONS) + 1,
    }));
    expect(problems({ circles: versions })).toContain(
      `circles: A backup holds at most 1000 versions of the circles`,
    );
    const checkIns = Array.from({ length: MAX_CHECK_INS + 1 }, (_, i) => ({
      day: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      ciphertext: sealed('check-in'),
    }));
    expect(problems({ checkIns: checkIns.slice(1) })).toEqual([]);
    expect(problems({ checkIns })).toEqual(['checkIns: A backup holds at most 8000 check-ins']);
  });

  it('has room in the body and the file for every version and check-in at an everyday size', () => {
    const everyday = MAX_CIRCLES_VERSIONS * 8_000 + MAX_CHECK_INS * 2_000;
    expect(MAX_RESTORE_BODY).toBeGreaterThan(12 * 400_000 + 3 * 3_000_000 + 400_000 + everyday);
    expect(MAX_BACKUP_CIPHERTEXT).toBeGreaterThan(16_000_000 + everyday);
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
const itemText = fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() === t && t !== '');
const circleList = fc.array(fc.record({ id: fc.stringMatching(/^[a-z0-9]{1,12}$/), text: itemText }), {
  maxLength: 4,
});
const circlesArb = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 4 }).chain((versions) =>
  fc.tuple(
    ...versions.map((version) =>
      fc.record({
        version: fc.constant(version),
        createdAt: isoDate,
        content: fc.record(
          {
            circles: fc.record({ inner: circleList, middle: circleList, outer: circleList }),
            reason: fc.string({ maxLength: 40 }),
            restoredFrom: fc.integer({ min: 1, max: 1000 }),
          },
          { requiredKeys: ['circles'] },
        ),
      }),
    ),
  ),
);
const calendarDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const abstinenceArb = fc.option(
  fc.record({
    periods: fc.array(
      fc.record(
        {
          id: fc.stringMatching(/^[a-z0-9]{1,12}$/),
          start: calendarDay,
          end: fc.option(calendarDay),
          slipNote: text,
        },
        { requiredKeys: ['id', 'start', 'end'] },
      ),
      { maxLength: 3 },
    ),
  }),
);
const checkInsArb = fc.uniqueArray(calendarDay, { maxLength: 4 }).chain((days) =>
  fc.tuple(
    ...days.map((day) =>
      fc.record({
        day: fc.constant(day),
        content: fc.record({
          circle: fc.constantFrom('outer' as const, 'middle' as const, 'inner' as const),
          moods: fc.uniqueArray(fc.constantFrom(...MOODS), { maxLength: 3 }),
          halt: fc.uniqueArray(fc.constantFrom(...HALT), { maxLength: 4 }),
          gratitude: text,
          stepTen: fc.record(
            { resentful: text, selfish: text, dishonest: text, afraid: text, apology: text },
            { requiredKeys: [] },
          ),
        }),
      }),
    ),
  ),
);
const stepsArb = fc
  .subarray(Array.from({ length: 12 }, (_, i) => i + 1))
  .chain((numbers) => fc.tuple(...numbers.map(stepArb)));

describe('backup payload round trip (property)', () => {
  it('gives back exactly the same steps, inventories, circles, abstinence dates and check-ins', () => {
    fc.assert(
      fc.property(
        stepsArb,
        inventoryArb('resentments'),
        inventoryArb('fears'),
        inventoryArb('harms'),
        circlesArb,
        abstinenceArb,
        checkInsArb,
        (steps, resentments, fears, harms, circles, abstinence, checkIns) => {
          const inventories = { resentments, fears, harms };
          const payload = buildBackupPayload(steps, inventories, { circles, abstinence, checkIns });
          const read = readDecryptedPayload(JSON.parse(JSON.stringify(payload)));
          if (!read.ok) throw new Error(read.message);
          const restored = restoreContent(read.payload);
          expect(restored.steps).toEqual(steps);
          for (const type of INVENTORY_TYPES) expect(restored.inventories[type]).toEqual(inventories[type]);
          expect(restored.circles).toEqual([...circles].sort((a, b) => a.version - b.version));
          expect(restored.abstinence).toEqual(abstinence);
          expect(restored.checkIns).toEqual([...checkIns].sort((a, b) => a.day.localeCompare(b.day)));
        },
      ),
      { numRuns: 200 },
    );
  });
});
