import type { ProgramId } from './programs.ts';

/**
 * Each fellowship's initials by id, in the spec's order. The routes (breadcrumbs of the landing pages) need
 * only these, so every page's first load goes without the descriptions in programs.ts.
 */
export const PROGRAM_INITIALS = {
  saa: 'SAA',
  aa: 'AA',
  na: 'NA',
  oa: 'OA',
  ga: 'GA',
  da: 'DA',
  coda: 'CoDA',
  ca: 'CA',
} as const satisfies Record<ProgramId, string>;
