import type { StepDefinition } from '@sam/core';
import type { ReactNode } from 'react';
import type { StepDraft } from './stepState.ts';
import type { StepEditor, StepSection } from './useStepEditor.ts';

/** What a step's own section (questions, prayer, defects…) gets from the page. */
export type StepToolsProps = {
  step: StepDefinition;
  draft: StepDraft;
  /** Typing: the working copy changes; it is kept as a draft and saved after a pause. */
  update: StepEditor['update'];
  /** Saves now (a Save button, a box ticked); resolves true once saved. Text is never thrown away. */
  saveNow: StepEditor['saveNow'];
  /** Fills the working copy from other data (step 6 from step 5's list): nothing is saved for it. */
  derive: StepEditor['derive'];
  /** The save status to show beside this section's editor (nothing when another part changed last). */
  statusFor: (section: StepSection) => ReactNode;
  signedIn: boolean;
};
