import { findProgram, STEP_MESSAGES } from '@sam/core';
import { useCallback } from 'react';
import { useDialogs } from '../../ui/dialogs/index.ts';

/** Whether SAM has working step tools for this program (only SAA for now). */
export function hasStepTools(programId: string): boolean {
  return findProgram(programId) !== undefined;
}

/** The Coming Soon alert for the step tools of programs other than SAA, which have none yet. */
export function useComingSoonAlert() {
  const dialogs = useDialogs();
  return useCallback(
    () =>
      dialogs.alert({
        title: STEP_MESSAGES.comingSoonTitle,
        message: STEP_MESSAGES.comingSoonProgram,
        variant: 'info',
      }),
    [dialogs],
  );
}
