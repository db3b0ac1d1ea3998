import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayDistance,
  isCalendarDay,
  longDay,
  shortDay,
  weekdayAndDay,
  weekStart,
} from './calendarDays.ts';

describe('calendar days', () => {
  it('accept only real dates written YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-11-26')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '26-11-26', '2026-11-26T00:00:00Z', '', 'nope']) {
      expect(isCalendarDay(bad), bad).toBe(false);
    }
  });

  it('add days across months, years and a leap day', () => {
    expect(addDays('2026-11-26', 7)).toBe('2026-12-03');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(dayDistance('2026-02-26', '2026-03-05')).toBe(7);
    expect(dayDistance('2026-03-05', '2026-03-01')).toBe(-4);
  });

  it('add months, keeping the day or falling back to the month end', () => {
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('start a week on Monday', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
  });
});

describe('day names', () => {
  it('name the calendar day itself, whatever the time zone, in the language asked for', () => {
    expect(longDay('2026-11-23', 'en-US')).toBe('Monday, November 23, 2026');
    expect(shortDay('2026-11-23', 'en-US')).toBe('Nov 23, 2026');
    expect(weekdayAndDay('2026-11-23', 'en-US')).toBe('Monday, Nov 23');
    expect(longDay('2027-01-01', 'en-US')).toBe('Friday, January 1, 2027');
    expect(longDay('2026-11-23', 'de-DE')).toBe('Montag, 23. November 2026');
  });

  it('give the same words as a formatter made for each call', () => {
    const each = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('fr-FR', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    for (const day of ['2026-02-28', '2026-03-29', '2026-10-25', '2028-02-29']) {
      expect(longDay(day, 'fr-FR')).toBe(each(day));
    }
  });
});
