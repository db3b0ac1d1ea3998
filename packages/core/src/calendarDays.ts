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

/** How a day is written: in full, short, or its weekday with month and day. */
const DAY_STYLES = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  weekdayAndDay: { weekday: 'long', month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language and style, made once: making one costs far more than using it, and a
 * calendar of twelve weeks names every one of its days.
 */
function dayFormat(locale: string | undefined, style: keyof typeof DAY_STYLES): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...DAY_STYLES[style], timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** 'Monday, November 23, 2026' in the reader's language, for lists and screen readers. */
export function longDay(day: CalendarDay, locale?: string): string {
  return dayFormat(locale, 'long').format(utcOf(day));
}

/** 'Nov 23, 2026' in the reader's language. */
export function shortDay(day: CalendarDay, locale?: string): string {
  return dayFormat(locale, 'short').format(utcOf(day));
}

/** 'Monday, Nov 23' in the reader's language: short enough for a day picker on a phone. */
export function weekdayAndDay(day: CalendarDay, locale?: string): string {
  return dayFormat(locale, 'weekdayAndDay').format(utcOf(day));
}
