/**
 * Milestones of a running count: first days, then months, then years. A month or year milestone falls on
 * the same day of the month as the start (or the month's last day), as people count them at meetings.
 */
import { addDays, addMonths, type CalendarDay } from '../calendarDays.ts';

export type Milestone = { label: string; day: CalendarDay };

const DAY_MILESTONES = [1, 7, 14, 30, 60, 90] as const;
const MONTH_MILESTONES = [6, 9, 18] as const;

/** The milestones of a count that started on `start`, in order, up to `years` years. */
export function milestonesFrom(start: CalendarDay, years = 50): Milestone[] {
  const list: Milestone[] = DAY_MILESTONES.map((n) => ({
    label: n === 1 ? '1 day' : `${n} days`,
    day: addDays(start, n),
  }));
  for (const months of MONTH_MILESTONES)
    list.push({ label: `${months} months`, day: addMonths(start, months) });
  for (let year = 1; year <= years; year++) {
    list.push({ label: year === 1 ? '1 year' : `${year} years`, day: addMonths(start, 12 * year) });
  }
  return list.sort((a, b) => a.day.localeCompare(b.day));
}

/** The milestones already reached by `today`, oldest first. */
export function reachedMilestones(start: CalendarDay, today: CalendarDay): Milestone[] {
  return milestonesFrom(start).filter((m) => m.day <= today);
}

/** The next milestone after `today`. */
export function nextMilestone(start: CalendarDay, today: CalendarDay): Milestone | null {
  return milestonesFrom(start).find((m) => m.day > today) ?? null;
}

/** The milestone that falls on `today`, to celebrate it, or null. */
export function milestoneToday(start: CalendarDay, today: CalendarDay): Milestone | null {
  return milestonesFrom(start).find((m) => m.day === today) ?? null;
}

/** '1 day', '12 days': the counter's words. */
export const dayCount = (days: number): string =>
  `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;
