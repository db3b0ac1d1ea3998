/**
 * What one saved step adds to the admin step figures. The database keeps these sums on every write (its
 * triggers state the same rule in SQL); a test checks the two agree on every kind of row.
 *
 * - started: a start date, or completed (a step can be marked done without dates);
 * - in progress: a start date and not completed;
 * - completed: completed;
 * - a duration counts only for a completed step with both dates.
 */
export type StepFigureRow = { completed: boolean; startedAt: number | null; completedAt: number | null };

export type StepFigures = {
  started: number;
  inProgress: number;
  completed: number;
  durationMs: number;
  durations: number;
};

export const NO_STEP_FIGURES: StepFigures = {
  started: 0,
  inProgress: 0,
  completed: 0,
  durationMs: 0,
  durations: 0,
};

export function stepFigureContribution(row: StepFigureRow): StepFigures {
  const timed = row.completed && row.startedAt !== null && row.completedAt !== null;
  return {
    started: row.startedAt !== null || row.completed ? 1 : 0,
    inProgress: row.startedAt !== null && !row.completed ? 1 : 0,
    completed: row.completed ? 1 : 0,
    durationMs: timed ? (row.completedAt as number) - (row.startedAt as number) : 0,
    durations: timed ? 1 : 0,
  };
}

/** The figures of many rows: the sum of their contributions. */
export function stepFiguresOf(rows: readonly StepFigureRow[]): StepFigures {
  return rows.map(stepFigureContribution).reduce(
    (sum, one) => ({
      started: sum.started + one.started,
      inProgress: sum.inProgress + one.inProgress,
      completed: sum.completed + one.completed,
      durationMs: sum.durationMs + one.durationMs,
      durations: sum.durations + one.durations,
    }),
    NO_STEP_FIGURES,
  );
}
