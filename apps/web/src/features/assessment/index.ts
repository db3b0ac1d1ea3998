/** What other features use from the self-assessment: they import it from here, never its files. */
export { CrisisLines, ProgressBar, useFocusOnChange, YesNo } from './parts.tsx';
export { sessionStore, useAutoAdvance } from './useAutoAdvance.ts';
