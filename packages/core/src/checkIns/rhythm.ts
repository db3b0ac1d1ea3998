/**
 * How check-ins look over time: a calendar of weeks and a rhythm in words that never shames. A missed
 * day is simply a day without a check-in; nothing is "broken" or "lost".
 */
import { addDays, type CalendarDay, dayDistance, longDay, weekStart } from '../calendarDays.ts';
import { type CheckInContent, MOOD_LABELS } from './checkIn.ts';

export type DatedCheckIn = { day: CalendarDay; content: CheckInContent };

/** Days in a row with a check-in, ending today, or yesterday when today's is still to come. */
export function checkInRun(days: ReadonlySet<CalendarDay>, today: CalendarDay): number {
  let day = days.has(today) ? today : addDays(today, -1);
  let run = 0;
  while (days.has(day)) {
    run++;
    day = addDays(day, -1);
  }
  return run;
}

/** How many of the last `span` days (today included) have a check-in. */
export function checkInsWithin(days: ReadonlySet<CalendarDay>, today: CalendarDay, span: number): number {
  let count = 0;
  for (const day of days) {
    const ago = dayDistance(day, today);
    if (ago >= 0 && ago < span) count++;
  }
  return count;
}

/** The kind sentence under the calendar. */
export function rhythmWords(days: ReadonlySet<CalendarDay>, today: CalendarDay): string {
  const run = checkInRun(days, today);
  const week = checkInsWithin(days, today, 7);
  if (days.size === 0) return 'Your first check-in takes about a minute.';
  if (run >= 2) return `${run} days in a row. Every check-in counts.`;
  if (week > 0) return `${week} of the last 7 days checked in. Every check-in counts.`;
  return 'Welcome back. Today is a good day to check in.';
}

export type TimelineDay = { day: CalendarDay; checkIn: CheckInContent | null; future: boolean };

/**
 * Whole weeks (Monday to Sunday) from the week of `from` to the week of `today`, each day with its
 * check-in or null; days after today are marked so the calendar can leave them blank.
 */
export function checkInWeeks(
  checkIns: readonly DatedCheckIn[],
  from: CalendarDay,
  today: CalendarDay,
): TimelineDay[][] {
  const byDay = new Map(checkIns.map((c) => [c.day, c.content]));
  const weeks: TimelineDay[][] = [];
  for (let monday = weekStart(from); monday <= today; monday = addDays(monday, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const day = addDays(monday, i);
        return { day, checkIn: byDay.get(day) ?? null, future: day > today };
      }),
    );
  }
  return weeks;
}

/** How many check-ins fell in each circle, for the summary beside the calendar. */
export function circleCounts(checkIns: readonly DatedCheckIn[]): Record<CheckInContent['circle'], number> {
  const counts = { outer: 0, middle: 0, inner: 0 };
  for (const c of checkIns) counts[c.content.circle]++;
  return counts;
}

/** How far back a check-in can still be filled in from the form: today and the six days before it. */
export const CHECK_IN_DAYS_BACK = 7;

/** The days the form offers, today first. */
export function checkInDayChoices(today: CalendarDay): CalendarDay[] {
  return Array.from({ length: CHECK_IN_DAYS_BACK }, (_, i) => addDays(today, -i));
}

/**
 * What a day of the calendar says to a screen reader (and on hover): 'Monday, November 23, 2026: outer
 * circle, hopeful, okay', '…: no check-in', '…: still to come'.
 */
export function timelineDayLabel(day: TimelineDay, locale?: string): string {
  const date = longDay(day.day, locale);
  if (day.future) return `${date}: still to come`;
  if (!day.checkIn) return `${date}: no check-in`;
  const moods = day.checkIn.moods.map((m) => MOOD_LABELS[m].toLowerCase());
  return [`${date}: ${day.checkIn.circle} circle`, ...moods].join(', ');
}
