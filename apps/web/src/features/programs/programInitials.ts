import { FELLOWSHIPS, type ProgramId } from '@sam/core';

/**
 * Each fellowship's initials by id, from the registry. The routes (breadcrumbs of the landing pages) need
 * only these, so every page's first load goes without the descriptions in programs.ts.
 */
export const PROGRAM_INITIALS = Object.fromEntries(FELLOWSHIPS.map((f) => [f.id, f.initials])) as Record<
  ProgramId,
  string
>;
