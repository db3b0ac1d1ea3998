/**
 * Abstinence as each SAA member defines it: staying out of their own inner circle. A person's record is
 * a list of periods; the current one has no end. Recording a slip ends the current period on the slip's
 * day (with an optional note) and starts a new one on a day the person chooses. Every period stays in the
 * history and can be corrected. The record is encrypted in the browser; these rules run on it there.
 */
import { z } from 'zod';
import { addDays, type CalendarDay, dayDistance, isCalendarDay } from '../calendarDays.ts';
import { FIELD_LIMITS } from '../fieldLimits.ts';

export const MAX_ABSTINENCE_PERIODS = 1000;
/** What the data cipher binds the record's ciphertext to. */
export const ABSTINENCE_PLACE = 'abstinence';

const daySchema = z.string().refine(isCalendarDay, 'A day is a real date written YYYY-MM-DD');
export const abstinencePeriodSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  start: daySchema,
  /** The day of the slip that ended this period; null for the current period. */
  end: daySchema.nullable(),
  slipNote: z.string().max(FIELD_LIMITS.slipNote).optional(),
});
export type AbstinencePeriod = z.infer<typeof abstinencePeriodSchema>;

export const abstinenceRecordSchema = z.object({
  periods: z.array(abstinencePeriodSchema).max(MAX_ABSTINENCE_PERIODS),
});
export type AbstinenceRecord = z.infer<typeof abstinenceRecordSchema>;

export const ABSTINENCE_MESSAGES = {
  future: 'That day has not come yet. Choose today or a day before it.',
  endBeforeStart: 'A period cannot end before it starts.',
  overlap: 'Two periods would overlap. Please check the dates.',
  restartBeforeSlip: 'The new count can start on the day of the slip or later, not before it.',
  noCurrent: 'There is no count running yet. Set a start date first.',
  oneCurrent: 'Only the latest period can still be running.',
} as const;

export const emptyAbstinence = (): AbstinenceRecord => ({ periods: [] });

const byStart = (periods: readonly AbstinencePeriod[]) =>
  [...periods].sort((a, b) => a.start.localeCompare(b.start));

/** The running period, or null before a start date is set. */
export function currentPeriod(record: AbstinenceRecord): AbstinencePeriod | null {
  return record.periods.find((p) => p.end === null) ?? null;
}

/** Whole days since the current period started (0 on its first day), or null when none is running. */
export function abstinentDays(record: AbstinenceRecord, today: CalendarDay): number | null {
  const current = currentPeriod(record);
  return current ? Math.max(0, dayDistance(current.start, today)) : null;
}

/** What is wrong with a record as of `today`, or null when it can be saved. */
export function abstinenceProblem(record: AbstinenceRecord, today: CalendarDay): string | null {
  const periods = byStart(record.periods);
  for (const p of periods) {
    if (p.start > today || (p.end !== null && p.end > today)) return ABSTINENCE_MESSAGES.future;
    if (p.end !== null && p.end < p.start) return ABSTINENCE_MESSAGES.endBeforeStart;
  }
  const running = periods.filter((p) => p.end === null);
  if (running.length > 1 || (running[0] && running[0] !== periods.at(-1)))
    return ABSTINENCE_MESSAGES.oneCurrent;
  for (let i = 1; i < periods.length; i++) {
    const before = periods[i - 1] as AbstinencePeriod;
    if (before.end === null || (periods[i] as AbstinencePeriod).start < before.end) {
      return ABSTINENCE_MESSAGES.overlap;
    }
  }
  return null;
}

/** Sets the start of the running period, or starts the first one (backdating allowed). */
export function setAbstinenceStart(
  record: AbstinenceRecord,
  start: CalendarDay,
  newId: string,
): AbstinenceRecord {
  const current = currentPeriod(record);
  if (!current) return { periods: [...record.periods, { id: newId, start, end: null }] };
  return { periods: record.periods.map((p) => (p === current ? { ...p, start } : p)) };
}

export type Slip = { on: CalendarDay; note?: string; restartOn: CalendarDay };

/**
 * Records a slip: the running period ends on `on`, the note stays with it, and a new period starts on
 * `restartOn`. Returns the new record, or the problem that keeps it from being saved.
 */
export function recordSlip(
  record: AbstinenceRecord,
  slip: Slip,
  newId: string,
  today: CalendarDay,
): { record: AbstinenceRecord } | { problem: string } {
  const current = currentPeriod(record);
  if (!current) return { problem: ABSTINENCE_MESSAGES.noCurrent };
  if (slip.restartOn < slip.on) return { problem: ABSTINENCE_MESSAGES.restartBeforeSlip };
  const note = slip.note?.trim();
  const ended: AbstinencePeriod = { ...current, end: slip.on, ...(note ? { slipNote: note } : {}) };
  const next: AbstinenceRecord = {
    periods: [
      ...record.periods.map((p) => (p === current ? ended : p)),
      { id: newId, start: slip.restartOn, end: null },
    ],
  };
  const problem = abstinenceProblem(next, today);
  return problem ? { problem } : { record: next };
}

/** Corrects one period's dates or note; the result is checked like any other record. */
export function correctPeriod(
  record: AbstinenceRecord,
  id: string,
  change: { start?: CalendarDay; end?: CalendarDay; slipNote?: string },
  today: CalendarDay,
): { record: AbstinenceRecord } | { problem: string } {
  const next: AbstinenceRecord = {
    periods: record.periods.map((p) => {
      if (p.id !== id) return p;
      const { slipNote: _old, ...rest } = p;
      const note = (change.slipNote ?? p.slipNote)?.trim();
      return {
        ...rest,
        start: change.start ?? p.start,
        end: p.end === null ? null : (change.end ?? p.end),
        ...(note ? { slipNote: note } : {}),
      };
    }),
  };
  const problem = abstinenceProblem(next, today);
  return problem ? { problem } : { record: next };
}

/**
 * Takes back a slip recorded by mistake: the period it ended runs on through the one after it, which
 * disappears. The note goes with the slip.
 */
export function removeSlip(record: AbstinenceRecord, id: string): AbstinenceRecord {
  const periods = byStart(record.periods);
  const index = periods.findIndex((p) => p.id === id);
  const ended = periods[index];
  const after = periods[index + 1];
  if (!ended || ended.end === null || !after) return record;
  const merged: AbstinencePeriod = { id: ended.id, start: ended.start, end: after.end };
  if (after.slipNote) merged.slipNote = after.slipNote;
  return { periods: periods.flatMap((p) => (p === ended ? [merged] : p === after ? [] : [p])) };
}

/** Every period, newest first, with its length in days (a running one counts to today). */
export function abstinenceHistory(
  record: AbstinenceRecord,
  today: CalendarDay,
): (AbstinencePeriod & { days: number })[] {
  return byStart(record.periods)
    .reverse()
    .map((p) => ({ ...p, days: Math.max(0, dayDistance(p.start, p.end ?? today)) }));
}

/**
 * The day a new count starts unless the person chooses another: the day after the slip, or today when
 * the slip was today (a count never starts in the future).
 */
export function defaultRestartDay(slipDay: CalendarDay, today: CalendarDay): CalendarDay {
  const next = addDays(slipDay, 1);
  return next > today ? today : next;
}
