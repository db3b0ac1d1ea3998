import {
  addDays,
  type CalendarDay,
  CHECK_IN_CIRCLES,
  CIRCLE_LABELS,
  checkInWeeks,
  circleCounts,
  type DatedCheckIn,
  dayDistance,
  HALT_LABELS,
  MOOD_LABELS,
  rhythmWords,
  shortDay,
  type TimelineDay,
  timelineDayLabel,
  weekStart,
} from '@sam/core';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CircleMark } from './CircleMark.tsx';
import styles from './checkIns.module.css';
import { CHECK_IN_WORDING as W } from './wording.ts';

/** Weeks the calendar shows at first, and adds with each "Show earlier". */
export const CALENDAR_WEEKS = 12;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** 'Nov 23', for a week's row. */
const monthDay = (day: CalendarDay) => shortDay(day).replace(/,? \d{4}$/, '');

/** What the line under the calendar says of a day: the circle, moods and HALT in words. */
function dayDetail(day: TimelineDay): string {
  const label = timelineDayLabel(day);
  const halt = day.checkIn?.halt ?? [];
  return halt.length > 0
    ? `${label}; HALT: ${halt.map((h) => HALT_LABELS[h].toLowerCase()).join(', ')}`
    : label;
}

/**
 * The check-ins as a calendar of weeks, oldest week first: a square a day, coloured and lettered by circle,
 * each named for screen readers ("Monday, November 23, 2026: outer circle, hopeful"). One tab stop; the
 * arrow keys move between days (up and down by a week). Above it the rhythm in words, below it the count of each circle.
 */
export function CheckInCalendar({ checkIns, today }: { checkIns: DatedCheckIn[]; today: CalendarDay }) {
  const [weekCount, setWeekCount] = useState(CALENDAR_WEEKS);
  const [focused, setFocused] = useState<CalendarDay>(today);
  const [hovered, setHovered] = useState<TimelineDay | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const grid = useRef<HTMLTableElement>(null);
  const from = addDays(weekStart(today), -7 * (weekCount - 1));
  const weeks = useMemo(() => checkInWeeks(checkIns, from, today), [checkIns, from, today]);
  const inRange = useMemo(
    () => checkIns.filter((c) => c.day >= from && c.day <= today),
    [checkIns, from, today],
  );
  const counts = circleCounts(inRange);
  const days = useMemo(() => new Set(checkIns.map((c) => c.day)), [checkIns]);
  const earlier = checkIns.some((c) => c.day < from);

  const move = (event: KeyboardEvent<HTMLTableElement>) => {
    let next: CalendarDay | null = null;
    if (event.key in KEY_STEPS) next = addDays(focused, KEY_STEPS[event.key] ?? 0);
    if (event.key === 'Home') next = weekStart(focused);
    if (event.key === 'End') next = addDays(weekStart(focused), 6);
    if (next === null) return;
    event.preventDefault();
    if (next > today) next = today;
    if (next < from) next = from;
    setFocused(next);
    grid.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
  };

  const label = W.calendarLabel(weekCount);
  // The day last pointed at or moved to.
  const shown = hovered ?? (focusInside ? (weeks.flat().find((d) => d.day === focused) ?? null) : null);
  return (
    <section className={styles.timeline} aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className={styles.sectionTitle}>
        {W.timelineHeading}
      </h2>
      <p className={styles.rhythm}>{rhythmWords(days, today)}</p>
      {earlier ? (
        <Button variant="secondary" size="sm" onClick={() => setWeekCount((n) => n + CALENDAR_WEEKS)}>
          {W.showEarlier}
        </Button>
      ) : null}
      <table
        ref={grid}
        aria-label={label}
        className={styles.calendar}
        onKeyDown={move}
        onMouseLeave={() => setHovered(null)}
        onBlur={() => setFocusInside(false)}
      >
        <thead>
          <tr>
            <th scope="col" className={styles.weekHead}>
              Week
            </th>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className={styles.dayHead}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.day}>
              <th scope="row" className={styles.weekHead}>
                {week[0] ? monthDay(week[0].day) : ''}
              </th>
              {week.map((day, index) => {
                const circle = day.checkIn?.circle ?? null;
                const moods = day.checkIn?.moods.map((m) => MOOD_LABELS[m]).join(', ');
                const tip = day.checkIn ? [monthDay(day.day), moods].filter(Boolean).join(': ') : undefined;
                return (
                  <td
                    key={day.day}
                    data-day={day.day}
                    data-circle={day.future ? 'future' : (circle ?? 'none')}
                    data-today={day.day === today || undefined}
                    data-tip={tip}
                    data-end={index >= 4 || undefined}
                    className={styles.cell}
                    tabIndex={day.future ? undefined : day.day === focused ? 0 : -1}
                    aria-label={timelineDayLabel(day)}
                    aria-current={day.day === today ? 'date' : undefined}
                    onFocus={() => {
                      setFocused(day.day);
                      setFocusInside(true);
                      setHovered(null);
                    }}
                    onMouseEnter={() => setHovered(day)}
                  >
                    {circle ? <CircleMark circle={circle} /> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.detail} aria-hidden="true">
        {shown ? dayDetail(shown) : W.calendarHint}
      </p>
      <ul className={styles.squaresKey} aria-label="What the squares mean">
        {CHECK_IN_CIRCLES.map((circle) => (
          <li key={circle}>
            <CircleMark circle={circle} />
            {CIRCLE_LABELS[circle]}: {counts[circle]}
          </li>
        ))}
        <li>
          <CircleMark circle={null} />
          No check-in
        </li>
      </ul>
      <p className={styles.muted}>
        {inRange.length === 0
          ? W.noCheckIns
          : `${W.summary}: ${inRange.length} of ${dayDistance(from, today) + 1} days checked in.`}
      </p>
    </section>
  );
}
