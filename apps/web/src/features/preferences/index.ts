/** What other features use from preferences: they import it from here, never its files. */
export { readLastVisit } from './lastVisit.ts';
export { clearPendingChoice, savePendingChoice } from './pendingChoice.ts';
export { hasStepTools, useComingSoonAlert } from './useComingSoon.ts';
export { usePreferences, useSavePreferences } from './usePreferences.ts';
