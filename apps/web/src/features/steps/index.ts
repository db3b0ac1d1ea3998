/** What other features use from steps: they import it from here, never its files. */

export type { StepSave } from './api.ts';
export { PROGRAM, progressApi, TRACK } from './api.ts';
export { decodePrivateData, recordOf, recordsByNumber, stepPlace } from './stepState.ts';
export { stepPath } from './steps.ts';
export { useJourney, useProgressList } from './useProgress.ts';
