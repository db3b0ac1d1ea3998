import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  durationText,
  formatDisplayDate,
  isValidCalendarDate,
  localCalendarDate,
  relativeDateText,
  timelineDurationDays,
  toCalendarDate,
  validateStepDates,
} from './dates.ts';

const NOW = '2026-03-05';
/** The calendar day `days` before NOW. */
const daysAgo = (days: number) =>
  new Date(Date.UTC(2026, 2, 5) - days * 86_400_000).toISOString().slice(0, 10);

describe('calendar dates', () => {
  it('reads date-only, ISO date-time and Date inputs', () => {
    expect(toCalendarDate('2026-03-05')).toBe('2026-03-05');
    expect(toCalendarDate('2026-03-05T23:59:59.000Z')).toBe('2026-03-05');
    expect(toCalendarDate('2026-03-05T01:00:00-05:00')).toBe('2026-03-05');
    expect(toCalendarDate(new Date(Date.UTC(2026, 2, 5, 23, 59)))).toBe('2026-03-05');
  });

  it('refuses impossible or malformed dates', () => {
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '26-03-05',
      'yesterday',
      '',
      '1899-12-31',
      '2026-03-05T25:00',
    ]) {
      expect(isValidCalendarDate(bad), bad).toBe(false);
    }
    expect(isValidCalendarDate(new Date(Number.NaN))).toBe(false);
    expect(isValidCalendarDate(null)).toBe(false);
    expect(isValidCalendarDate('2024-02-29')).toBe(true);
  });

  it('gives the local calendar day', () => {
    expect(localCalendarDate(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });

  it('counts whole days', () => {
    expect(daysBetween('2026-02-26', '2026-03-05')).toBe(7);
    expect(daysBetween('2026-03-05', '2026-03-01')).toBe(-4);
    expect(daysBetween('nope', '2026-03-01')).toBeNull();
  });
});

describe('relativeDateText', () => {
  it.each([
    [0, 'today'],
    [1, 'yesterday'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [8, '1 week, 1 day ago'],
    [14, '2 weeks ago'],
    [17, '2 weeks, 3 days ago'],
    [29, '4 weeks, 1 day ago'],
    [30, '1 month ago'],
    [59, '1 month ago'],
    [60, '2 months ago'],
    [364, '12 months ago'],
    [365, '1 year ago'],
    [729, '1 year ago'],
    [730, '2 years ago'],
  ])('%i days ago reads %s', (days, text) => {
    expect(relativeDateText(daysAgo(days), NOW)).toBe(text);
  });

  it('reads future dates as today and invalid dates as empty', () => {
    expect(relativeDateText('2026-03-09', NOW)).toBe('today');
    expect(relativeDateText('2026-02-30', NOW)).toBe('');
  });

  it('accepts a timestamp and a Date for now', () => {
    expect(relativeDateText('2026-03-04T08:00:00Z', new Date(Date.UTC(2026, 2, 5, 1)))).toBe('yesterday');
  });
});

describe('timeline duration', () => {
  it('is whole days, never negative', () => {
    expect(timelineDurationDays('2026-03-01', '2026-03-05')).toBe(4);
    expect(timelineDurationDays('2026-03-05', '2026-03-05')).toBe(0);
    expect(timelineDurationDays('2026-03-05', '2026-03-01')).toBe(0);
    expect(timelineDurationDays('2025-03-05T10:00:00Z', '2026-03-05T09:00:00Z')).toBe(365);
    expect(timelineDurationDays(null, '2026-03-01')).toBeNull();
    expect(durationText(1)).toBe('1 day');
    expect(durationText(0)).toBe('0 days');
    expect(durationText(12)).toBe('12 days');
  });
});

describe('formatDisplayDate (DD-Mon-YYYY)', () => {
  it('formats in UTC with a two-digit day and a short month', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('05-Mar-2026');
    expect(formatDisplayDate('2025-12-31T23:59:59Z')).toBe('31-Dec-2025');
    expect(formatDisplayDate(new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe('01-Jan-2026');
    expect(formatDisplayDate('2024-02-29')).toBe('29-Feb-2024');
    expect(formatDisplayDate('not a date')).toBe('');
    expect(formatDisplayDate(undefined)).toBe('');
  });
});

describe('validateStepDates', () => {
  const today = '2026-03-05';

  it('needs a start date', () => {
    expect(validateStepDates({ startedAt: '' }, today)).toBe('Please enter a start date');
    expect(validateStepDates({ startedAt: '   ', completedAt: 'bad' }, today)).toBe(
      'Please enter a start date',
    );
    expect(validateStepDates({}, today)).toBe('Please enter a start date');
    expect(validateStepDates({ startedAt: null }, today)).toBe('Please enter a start date');
  });

  it('needs a valid start date before checking the future or the completion date', () => {
    expect(validateStepDates({ startedAt: '2026-02-31', completedAt: '2099-01-01' }, today)).toBe(
      'Please enter a valid start date',
    );
  });

  it('refuses a start date in the future, but accepts today', () => {
    expect(validateStepDates({ startedAt: '2026-03-06', completedAt: 'bad' }, today)).toBe(
      'Start date cannot be in the future',
    );
    expect(validateStepDates({ startedAt: today }, today)).toBeNull();
  });

  it('accepts no completion date', () => {
    expect(validateStepDates({ startedAt: '2026-01-01', completedAt: '' }, today)).toBeNull();
    expect(validateStepDates({ startedAt: '2026-01-01', completedAt: null }, today)).toBeNull();
  });

  it('checks the completion date: valid, then not in the future, then not before the start', () => {
    expect(validateStepDates({ startedAt: '2026-01-01', completedAt: '2026-13-01' }, today)).toBe(
      'Please enter a valid completion date',
    );
    expect(validateStepDates({ startedAt: '2026-03-01', completedAt: '2026-03-06' }, today)).toBe(
      'Completion date cannot be in the future',
    );
    // With the start not in the future, a future completion is always after the start: no overlap.
    expect(validateStepDates({ startedAt: '2026-03-05', completedAt: '2026-03-04' }, today)).toBe(
      'Completion date must be after start date',
    );
    expect(validateStepDates({ startedAt: '2026-03-01', completedAt: '2026-03-01' }, today)).toBeNull();
    expect(validateStepDates({ startedAt: '2026-03-01', completedAt: today }, today)).toBeNull();
  });

  it('accepts ISO timestamps as stored by the server and a Date for today', () => {
    expect(
      validateStepDates(
        { startedAt: '2026-03-01T10:00:00.000Z', completedAt: '2026-03-02T09:00:00.000Z' },
        new Date(Date.UTC(2026, 2, 5, 12)),
      ),
    ).toBeNull();
  });

  it('throws on an invalid today (a programming error)', () => {
    expect(() => validateStepDates({ startedAt: '2026-03-01' }, 'bad')).toThrow(RangeError);
  });
});
