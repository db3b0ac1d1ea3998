import { STEP_MESSAGES } from './messages.ts';

/**
 * Calendar-date helpers for step dates, with plain Date and no time zone surprises: a 'YYYY-MM-DD' string
 * is that calendar day; an ISO date-time string is the calendar day written in it; a Date object is its
 * UTC day. To work in the user's own day, pass `localCalendarDate(new Date())` as "today" or "now".
 */
export type DateInput = string | Date | null | undefined;

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
/** Dates before this year are treated as mistyped. */
const MIN_YEAR = 1900;

/** Whole days since 1970-01-01 of the calendar day, or null when it is not a real date. */
function dayNumber(input: DateInput): number | null {
  if (input instanceof Date) {
    const time = input.getTime();
    return Number.isNaN(time) ? null : Math.floor(time / DAY_MS);
  }
  if (typeof input !== 'string') return null;
  const value = input.trim();
  let match = DATE_ONLY.exec(value);
  if (!match && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))
    match = DATE_ONLY.exec(value.slice(0, 10));
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1) return null;
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return time / DAY_MS;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function fromDayNumber(days: number): Date {
  return new Date(days * DAY_MS);
}

/** 'YYYY-MM-DD' of the calendar day, or null when the input is not a real date. */
export function toCalendarDate(input: DateInput): string | null {
  const days = dayNumber(input);
  if (days === null) return null;
  const d = fromDayNumber(days);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function isValidCalendarDate(input: DateInput): boolean {
  return dayNumber(input) !== null;
}

/** The user's own calendar day as 'YYYY-MM-DD' (the `max` of a date input, "today" for validation). */
export function localCalendarDate(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); null if either is invalid. */
export function daysBetween(from: DateInput, to: DateInput): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  return a === null || b === null ? null : b - a;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * 'today', 'yesterday', 'N days ago' (under 7), 'N weeks[, N days] ago' (under 30), 'N months ago'
 * (months of 30 days, under 365), then 'N years ago' (years of 365 days). Future dates read 'today';
 * an invalid date gives ''.
 */
export function relativeDateText(date: DateInput, now: DateInput = new Date()): string {
  const days = daysBetween(date, now);
  if (days === null) return '';
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    const rest = days % 7;
    return rest === 0
      ? `${plural(weeks, 'week')} ago`
      : `${plural(weeks, 'week')}, ${plural(rest, 'day')} ago`;
  }
  if (days < 365) return `${plural(Math.floor(days / 30), 'month')} ago`;
  return `${plural(Math.floor(days / 365), 'year')} ago`;
}

/** Whole days a step took (or has taken so far), never negative; null if a date is invalid. */
export function timelineDurationDays(start: DateInput, end: DateInput): number | null {
  const days = daysBetween(start, end);
  return days === null ? null : Math.max(0, days);
}

/** '1 day', '12 days'. */
export function durationText(days: number): string {
  return plural(days, 'day');
}

/** DD-Mon-YYYY, e.g. '05-Mar-2026'; '' for an invalid date. */
export function formatDisplayDate(date: DateInput): string {
  const days = dayNumber(date);
  if (days === null) return '';
  const d = fromDayNumber(days);
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear(), 4)}`;
}

/**
 * The Edit Step Dates checks, in order; the exact message of the first that fails, or
 * null. A blank completion date means "not completed". A completion on the start day is accepted (the
 * completion input's min is the start date). `today` should be the user's calendar day.
 */
export function validateStepDates(
  dates: { startedAt?: string | null; completedAt?: string | null },
  today: DateInput,
): string | null {
  const todayDay = dayNumber(today);
  if (todayDay === null) throw new RangeError('validateStepDates: today is not a valid date');
  const start = (dates.startedAt ?? '').trim();
  if (start === '') return STEP_MESSAGES.startDateRequired;
  const startDay = dayNumber(start);
  if (startDay === null) return STEP_MESSAGES.startDateInvalid;
  if (startDay > todayDay) return STEP_MESSAGES.startDateInFuture;
  const completion = (dates.completedAt ?? '').trim();
  if (completion === '') return null;
  const completionDay = dayNumber(completion);
  if (completionDay === null) return STEP_MESSAGES.completionDateInvalid;
  if (completionDay > todayDay) return STEP_MESSAGES.completionDateInFuture;
  if (completionDay < startDay) return STEP_MESSAGES.completionBeforeStart;
  return null;
}
