import { describe, expect, it } from 'vitest';
import { dayCount, milestonesFrom, milestoneToday, nextMilestone, reachedMilestones } from './milestones.ts';
import {
  ABSTINENCE_MESSAGES,
  type AbstinenceRecord,
  abstinenceHistory,
  abstinenceProblem,
  abstinentDays,
  correctPeriod,
  currentPeriod,
  emptyAbstinence,
  recordSlip,
  removeSlip,
  setAbstinenceStart,
} from './periods.ts';

const TODAY = '2026-11-26';
const started = (start: string): AbstinenceRecord => setAbstinenceStart(emptyAbstinence(), start, 'p1');

function slipped(record: AbstinenceRecord, on: string, restartOn: string, note?: string) {
  const result = recordSlip(record, { on, restartOn, ...(note ? { note } : {}) }, 'p2', TODAY);
  if (!('record' in result)) throw new Error(result.problem);
  return result.record;
}

describe('the day counter', () => {
  it('has no count before a start date, and counts whole days from the start (0 on the first day)', () => {
    expect(abstinentDays(emptyAbstinence(), TODAY)).toBeNull();
    expect(abstinentDays(started(TODAY), TODAY)).toBe(0);
    expect(abstinentDays(started('2026-11-25'), TODAY)).toBe(1);
    expect(abstinentDays(started('2025-11-26'), TODAY)).toBe(365);
  });

  it('allows a backdated start and moves the running start, never into the future', () => {
    const record = setAbstinenceStart(started('2026-10-01'), '2026-09-01', 'ignored');
    expect(record.periods).toEqual([{ id: 'p1', start: '2026-09-01', end: null }]);
    expect(abstinenceProblem(record, TODAY)).toBeNull();
    expect(abstinenceProblem(started('2026-11-27'), TODAY)).toBe(ABSTINENCE_MESSAGES.future);
  });

  it('says the count in words', () => {
    expect(dayCount(1)).toBe('1 day');
    expect(dayCount(0)).toBe('0 days');
    expect(dayCount(1234)).toBe('1,234 days');
  });
});

describe('milestones', () => {
  it('come in days, then months, then years, on the same day of the month', () => {
    const labels = milestonesFrom('2026-01-31', 2).map((m) => `${m.label} ${m.day}`);
    expect(labels).toEqual([
      '1 day 2026-02-01',
      '7 days 2026-02-07',
      '14 days 2026-02-14',
      '30 days 2026-03-02',
      '60 days 2026-04-01',
      '90 days 2026-05-01',
      '6 months 2026-07-31',
      '9 months 2026-10-31',
      '1 year 2027-01-31',
      '18 months 2027-07-31',
      '2 years 2028-01-31',
    ]);
  });

  it('are reached on their day, with the next one ahead', () => {
    const start = '2026-10-27';
    expect(reachedMilestones(start, TODAY).map((m) => m.label)).toEqual([
      '1 day',
      '7 days',
      '14 days',
      '30 days',
    ]);
    expect(milestoneToday(start, TODAY)?.label).toBe('30 days');
    expect(nextMilestone(start, TODAY)).toEqual({ label: '60 days', day: '2026-12-26' });
    expect(milestoneToday(start, '2026-11-27')).toBeNull();
    expect(reachedMilestones(TODAY, TODAY)).toEqual([]);
  });
});

describe('slips', () => {
  it('end the running period on the slip day with its note and start a new count on the chosen day', () => {
    const record = slipped(started('2026-09-01'), '2026-11-20', '2026-11-21', '  a hard week  ');
    expect(record.periods).toEqual([
      { id: 'p1', start: '2026-09-01', end: '2026-11-20', slipNote: 'a hard week' },
      { id: 'p2', start: '2026-11-21', end: null },
    ]);
    expect(abstinentDays(record, TODAY)).toBe(5);
    expect(currentPeriod(record)?.id).toBe('p2');
  });

  it('may restart on the slip day itself, never before it, and never in the future', () => {
    expect(slipped(started('2026-09-01'), TODAY, TODAY).periods[1]?.start).toBe(TODAY);
    const before = recordSlip(
      started('2026-09-01'),
      { on: '2026-11-20', restartOn: '2026-11-19' },
      'p2',
      TODAY,
    );
    expect(before).toEqual({ problem: ABSTINENCE_MESSAGES.restartBeforeSlip });
    const future = recordSlip(started('2026-09-01'), { on: TODAY, restartOn: '2026-11-27' }, 'p2', TODAY);
    expect(future).toEqual({ problem: ABSTINENCE_MESSAGES.future });
    const early = recordSlip(
      started('2026-09-01'),
      { on: '2026-08-01', restartOn: '2026-08-02' },
      'p2',
      TODAY,
    );
    expect(early).toEqual({ problem: ABSTINENCE_MESSAGES.endBeforeStart });
  });

  it('need a running count', () => {
    expect(recordSlip(emptyAbstinence(), { on: TODAY, restartOn: TODAY }, 'p2', TODAY)).toEqual({
      problem: ABSTINENCE_MESSAGES.noCurrent,
    });
  });

  it('keep every period in the history, newest first with its length', () => {
    const record = slipped(started('2026-09-01'), '2026-11-20', '2026-11-21');
    expect(abstinenceHistory(record, TODAY).map((p) => [p.id, p.days])).toEqual([
      ['p2', 5],
      ['p1', 80],
    ]);
  });

  it('can be corrected, and a correction that would overlap or end before it starts is refused', () => {
    const record = slipped(started('2026-09-01'), '2026-11-20', '2026-11-21', 'note');
    const moved = correctPeriod(record, 'p1', { end: '2026-11-18', slipNote: 'better words' }, TODAY);
    expect('record' in moved && moved.record.periods[0]).toEqual({
      id: 'p1',
      start: '2026-09-01',
      end: '2026-11-18',
      slipNote: 'better words',
    });
    expect(correctPeriod(record, 'p2', { start: '2026-11-19' }, TODAY)).toEqual({
      problem: ABSTINENCE_MESSAGES.overlap,
    });
    expect(correctPeriod(record, 'p1', { start: '2026-11-21' }, TODAY)).toEqual({
      problem: ABSTINENCE_MESSAGES.endBeforeStart,
    });
    const noNote = correctPeriod(record, 'p1', { slipNote: '  ' }, TODAY);
    expect('record' in noNote && noNote.record.periods[0]?.slipNote).toBeUndefined();
  });

  it('recorded by mistake can be taken back: the period runs on as one', () => {
    const record = slipped(started('2026-09-01'), '2026-11-20', '2026-11-21', 'oops');
    expect(removeSlip(record, 'p1').periods).toEqual([{ id: 'p1', start: '2026-09-01', end: null }]);
    expect(abstinentDays(removeSlip(record, 'p1'), TODAY)).toBe(86);
    expect(removeSlip(record, 'p2')).toBe(record);
  });

  it('refuse a record with two running periods', () => {
    const record: AbstinenceRecord = {
      periods: [
        { id: 'a', start: '2026-01-01', end: null },
        { id: 'b', start: '2026-02-01', end: null },
      ],
    };
    expect(abstinenceProblem(record, TODAY)).toBe(ABSTINENCE_MESSAGES.oneCurrent);
  });
});
