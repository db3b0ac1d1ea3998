import { describe, expect, it } from 'vitest';
import type { CheckInContent } from '../checkIns/checkIn.ts';
import type { InventoryType } from '../schemas/inventory.ts';
import { type NewerWriting, newerThanBackup, newerWritingText, type SavedTimes } from './newer.ts';
import { buildBackupPayload, type InventorySnapshot, type StepSnapshot } from './payload.ts';

const EXPORTED = '2026-03-05T10:00:00.000Z';
const BEFORE = '2026-03-04T09:00:00.000Z';
const LATER = '2026-03-06T18:00:00.000Z';

const inventories = (resentments: string[] = []): Record<InventoryType, InventorySnapshot> => ({
  resentments: {
    entries: resentments.map((who, i) => ({
      id: `r${i}`,
      who,
      why: 'w',
      feeling: 'f',
      impacts: [],
      myPart: 'm',
    })),
    completed: false,
  },
  fears: { entries: [], completed: false },
  harms: { entries: [], completed: false },
});
const step = (n: number, notes: string, started_at: string | null = BEFORE): StepSnapshot => ({
  step_number: n,
  step_title: `Step ${n}`,
  completed: false,
  actions: [{ id: 1, completed: true }],
  data: { notes },
  started_at,
});
const noTimes: SavedTimes = { steps: {}, inventories: {}, circles: {}, checkIns: {}, abstinence: null };

describe('what is newer on the account than in a backup', () => {
  const file = buildBackupPayload([step(1, 'first'), step(2, 'two')], inventories(['Boss']));

  it('lists the steps and inventories saved after the backup whose writing differs', () => {
    const current = buildBackupPayload(
      [step(1, 'first', LATER), step(2, 'two, more'), step(3, 'new'), step(5, 'old')],
      inventories(['Boss', 'Landlord']),
    );
    const savedAt: SavedTimes = {
      ...noTimes,
      // Step 1 was saved again but holds what the backup holds; step 5 was saved before the backup.
      steps: { 1: LATER, 2: LATER, 3: LATER, 5: BEFORE },
      inventories: { resentments: LATER },
    };
    const newer = newerThanBackup(current, savedAt, file, EXPORTED);
    expect(newer).toEqual({
      steps: [2, 3],
      inventories: ['resentments'],
      circleVersions: 0,
      abstinence: false,
      checkIns: 0,
    });
    expect(newerWritingText(newer)).toBe(
      '2 steps and 1 inventory were saved after this backup was made: Step 2, Step 3 and Resentments.',
    );
  });

  it('lists nothing right after the same file was restored', () => {
    const savedAt: SavedTimes = {
      ...noTimes,
      steps: { 1: LATER, 2: LATER },
      inventories: { resentments: LATER },
    };
    const newer = newerThanBackup(file, savedAt, file, EXPORTED);
    expect(newer).toEqual({ steps: [], inventories: [], circleVersions: 0, abstinence: false, checkIns: 0 });
    expect(newerWritingText(newer)).toBeNull();
  });

  it('counts circles versions, check-ins and the abstinence dates saved later', () => {
    const content = { circles: { inner: [{ id: 'i', text: 'x' }], middle: [], outer: [] } };
    const checkIn: CheckInContent = { circle: 'outer', moods: [], halt: [], gratitude: 'g', stepTen: {} };
    const current = buildBackupPayload([], inventories(), {
      circles: [
        { version: 1, createdAt: BEFORE, content },
        { version: 2, createdAt: LATER, content },
      ],
      abstinence: { periods: [{ id: 'p', start: '2026-01-01', end: null }] },
      checkIns: [
        { day: '2026-03-06', content: checkIn },
        { day: '2026-03-07', content: checkIn },
      ],
    });
    const savedAt: SavedTimes = {
      ...noTimes,
      circles: { 1: BEFORE, 2: LATER },
      checkIns: { '2026-03-06': LATER, '2026-03-07': LATER },
      abstinence: LATER,
    };
    const newer = newerThanBackup(current, savedAt, file, EXPORTED);
    expect(newer).toEqual({ steps: [], inventories: [], circleVersions: 1, abstinence: true, checkIns: 2 });
    expect(newerWritingText(newer)).toBe(
      '1 circles version, your abstinence dates and 2 check-ins were saved after this backup was made.',
    );
  });

  it('says "was" for one thing alone', () => {
    const one: NewerWriting = {
      steps: [4],
      inventories: [],
      circleVersions: 0,
      abstinence: false,
      checkIns: 0,
    };
    expect(newerWritingText(one)).toBe('1 step was saved after this backup was made: Step 4.');
  });
});
