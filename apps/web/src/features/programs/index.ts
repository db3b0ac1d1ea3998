/** What other features use from programs: they import it from here, never its files. */
export { ProgramCards } from './ProgramCards.tsx';
export { programById } from './programs.ts';
