import type { CalendarDay } from '@sam/core';

export const ABSTINENCE_PATH = '/programs/saa/abstinence';

/** The abstinence page with "Record a slip" open on `day`. */
export const slipPath = (day: CalendarDay) => `${ABSTINENCE_PATH}?slip=${day}`;
