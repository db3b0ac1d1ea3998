/**
 * Calendar days as 'YYYY-MM-DD' strings in the person's own time zone. Counting days, check-ins and
 * milestones works on these, never on instants, so a day is the day the person lived, wherever they are.
 * Today is `localCalendarDate()`.
 */
import { daysBetween, isValidCalendarDate } from './steps/dates.ts';

export type CalendarDay = string;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** True for a real date written exactly YYYY-MM-DD (no 2026-02-30, no time). */
export function isCalendarDay(value: string): value is CalendarDay {
  return DAY_PATTERN.test(value) && isValidCalendarDate(value);
}

function utcOf(day: CalendarDay): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

const dayOfUtc = (ms: number): CalendarDay => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: CalendarDay, days: number): CalendarDay {
  return dayOfUtc(utcOf(day) + days * MS_PER_DAY);
}

/** Whole days from `from` to `to` (negative when `to` is earlier), for days already checked. */
export const dayDistance = (from: CalendarDay, to: CalendarDay): number => daysBetween(from, to) ?? 0;

/** The same day of the month `months` later, or the month's last day when it has no such day. */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return dayOfUtc(firstOfTarget.getTime());
}

/** Monday of the week a day falls in. */
export function weekStart(day: CalendarDay): CalendarDay {
  const weekday = new Date(utcOf(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** 'Monday, November 23, 2026' in the reader's language, for lists and screen readers. */
export function longDay(day: CalendarDay, locale?: string): string {
  return new Date(utcOf(day)).toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Nov 23, 2026' in the reader's language. */
export function shortDay(day: CalendarDay, locale?: string): string {
  return new Date(utcOf(day)).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
