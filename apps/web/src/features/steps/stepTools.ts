import type { StepDefinition } from '@sam/core';
import type { StepDraft } from './stepState.ts';

/** What a step's own section (questions, prayer, defects…) gets from the page. */
export type StepToolsProps = {
  step: StepDefinition;
  draft: StepDraft;
  /** Changes the page's working copy (typing): nothing is sent. */
  update: (change: (draft: StepDraft) => StepDraft) => void;
  /**
   * Saves the working copy after `change`; on failure shows `errorText` and keeps the text.
   * Resolves true when saved.
   */
  persist: (
    change: (draft: StepDraft) => StepDraft,
    errorText: string,
    options?: { autoComplete?: boolean },
  ) => Promise<boolean>;
  signedIn: boolean;
};
