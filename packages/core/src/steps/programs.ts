import type { ProgramDefinition, StepDefinition, TrackDefinition } from './definitions.ts';
import { SAA_PROGRAM } from './saa.ts';

/** Programs with working step tools. The other listed programs show the Coming Soon alert. */
export const STEP_PROGRAMS: readonly ProgramDefinition[] = [SAA_PROGRAM];

/** Finds a program by its id ('saa') or progress-service code ('SAA'). */
export function findProgram(program: string): ProgramDefinition | undefined {
  const wanted = program.toLowerCase();
  return STEP_PROGRAMS.find((p) => p.id === wanted);
}

export function findTrack(program: string, track: string): TrackDefinition | undefined {
  return findProgram(program)?.tracks.find((t) => t.id === track);
}

export function findStep(program: string, track: string, stepNumber: number): StepDefinition | undefined {
  return findTrack(program, track)?.steps.find((s) => s.number === stepNumber);
}

/** The step list page: '/programs/saa/12-steps'. */
export function trackRoute(program: string, track: string): string {
  return `/programs/${program.toLowerCase()}/${track}`;
}

/** A step page: '/programs/saa/12-steps/step-3'. */
export function stepRoute(program: string, track: string, stepNumber: number): string {
  return `${trackRoute(program, track)}/step-${stepNumber}`;
}
