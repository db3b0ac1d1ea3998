import { findStep, toCalendarDate, validateStepDates } from '@sam/core';
import { badRequest } from '../../http/errors.ts';

const DAY = 86_400_000;

/** How many actions a step has; steps of programs without tools yet cannot be saved. */
export function expectedActionCount(program: string, track: string, stepNumber: number): number {
  const step = findStep(program, track, stepNumber);
  if (!step) throw badRequest(`The step tools for ${program} are not available yet.`, 'unknown_step');
  return step.actions.length;
}

/**
 * The step date rules, core's `validateStepDates`. "Today" is tomorrow in UTC so a person ahead of UTC can
 * still enter their own today; dates are stored as midnight UTC of the calendar day.
 */
export function parseStepDates(
  body: { started_at?: string | null; completed_at?: string | null },
  now: number,
): { started_at: number; completed_at: number | null } {
  const problem = validateStepDates(
    { startedAt: body.started_at, completedAt: body.completed_at },
    new Date(now + DAY),
  );
  if (problem) throw badRequest(problem, 'invalid_dates');
  const start = toCalendarDate(body.started_at as string) as string;
  const completion = body.completed_at?.trim() ? toCalendarDate(body.completed_at) : null;
  return {
    started_at: Date.parse(`${start}T00:00:00Z`),
    completed_at: completion ? Date.parse(`${completion}T00:00:00Z`) : null,
  };
}
