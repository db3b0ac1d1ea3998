// Shared by the step rule tests; not part of core's public API.
import type { StepDefinition } from './definitions.ts';
import { findStep } from './programs.ts';

/** SAA's twelve-step definition of step `n`. */
export function saa(n: number): StepDefinition {
  const step = findStep('saa', '12-steps', n);
  if (!step) throw new Error(`no step ${n}`);
  return step;
}

/** Action flags with the first `done` actions completed. */
export const doneUpTo = (step: StepDefinition, done: number) =>
  step.actions.map((a) => ({ id: a.id, completed: a.id <= done }));
