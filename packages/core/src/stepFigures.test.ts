import { describe, expect, it } from 'vitest';
import { NO_STEP_FIGURES, stepFigureContribution, stepFiguresOf } from './stepFigures.ts';

describe('stepFigureContribution', () => {
  it('counts a step with only a start date as started and in progress', () => {
    expect(stepFigureContribution({ completed: false, startedAt: 10, completedAt: null })).toEqual({
      ...NO_STEP_FIGURES,
      started: 1,
      inProgress: 1,
    });
  });

  it('counts a completed step with both dates, with its duration', () => {
    expect(stepFigureContribution({ completed: true, startedAt: 10, completedAt: 70 })).toEqual({
      started: 1,
      inProgress: 0,
      completed: 1,
      durationMs: 60,
      durations: 1,
    });
  });

  it('counts a step marked done without dates as started and completed, with no duration', () => {
    expect(stepFigureContribution({ completed: true, startedAt: null, completedAt: null })).toEqual({
      ...NO_STEP_FIGURES,
      started: 1,
      completed: 1,
    });
    expect(stepFigureContribution({ completed: true, startedAt: 10, completedAt: null }).durations).toBe(0);
  });

  it('counts nothing for a step neither started nor completed, even with a stray completion date', () => {
    expect(stepFigureContribution({ completed: false, startedAt: null, completedAt: 70 })).toEqual(
      NO_STEP_FIGURES,
    );
  });
});

describe('stepFiguresOf', () => {
  it('sums the contributions, and is all zeros for no rows', () => {
    expect(stepFiguresOf([])).toEqual(NO_STEP_FIGURES);
    expect(
      stepFiguresOf([
        { completed: true, startedAt: 0, completedAt: 100 },
        { completed: false, startedAt: 5, completedAt: null },
      ]),
    ).toEqual({ started: 2, inProgress: 1, completed: 1, durationMs: 100, durations: 1 });
  });
});
