/**
 * Every text of the step pages and the step list, in one place so the pages and their tests use the same
 * words.
 */
export const STEP_MESSAGES = {
  // Saving and loading
  saveFailed: 'Failed to save progress. Please try again.',
  answersSaveFailed: 'Failed to save answers. Please try again.',
  prayerSaveFailed: 'Failed to save prayer. Please try again.',
  defectsSaveFailed: 'Failed to save character defects. Please try again.',
  notLoggedIn: 'User not logged in. Please log in.',
  refreshPage: 'Refresh Page',
  noDefectsToSave: 'Please enter at least one character defect before saving.',

  // Action rule dialogs
  actionNotCompleteTitle: 'Action Not Complete',
  step2QuestionsRequired: 'Enter answers for questions 1-5 to mark this action complete.',
  answerRequiredTitle: 'Answer Required',
  step3AnswerRequired: 'Answer at least 1 question to mark this action completed.',
  step4InventoriesAndSchedule:
    'You need to complete all three inventories (Resentments, Fears, and Harms Done) and check both scheduling boxes to mark this action complete.',
  step5SharedAndDefects:
    "To complete this action, confirm that you've shared your Step Four inventories with your sponsor and saved at least one character defect.",
  /** The dialog of step 6's rule: each defect needs its three answers. */
  step6AllDefectsAnswered:
    'Add at least one character defect and answer all three questions for each one to mark this action complete.',
  /** A hint for an action whose earlier actions are not done yet (its checkbox is disabled). */
  completeEarlierActionsFirst: 'Complete the actions above first.',
  okButton: 'OK',
  /** The step 5 dialog's button, spelled 'Ok' unlike the others' 'OK'. */
  step5OkButton: 'Ok',

  // Step 4
  step4ScheduledLabel: 'I have scheduled a date and time to do Step Five with my sponsor',
  step4PlaceLabel: 'I have picked a place to do Step Five',
  step4InventoryLogin: 'Please log in to access Step Four Inventory',
  logIn: 'Log In',

  // Step 5 and 6
  saveMyList: 'Save my list',
  saving: 'Saving...',
  answerQuestionsFor: 'Answer Questions for',
  saveAnswers: 'Save Answers',
  cancel: 'Cancel',
  /** Closes a dialog whose text is already kept by the page. */
  close: 'Close',
  remove: 'Remove',
  /** The danger confirm before a step 6 defect and its answers are removed. */
  removeDefectTitle: (defect: string) => `Remove "${defect}"?`,
  removeDefectText: 'Its three answers are deleted with it. This cannot be undone.',
  keep: 'Keep it',
  /** Shown beside a step's editor when a save failed for a reason the person cannot fix. */
  saveFailedKept: 'SAM could not save just now. Your writing is kept on this device and SAM will try again.',
  /** Flashes after a save. */
  answersSaved: 'Answers saved',
  prayerSaved: 'Prayer saved',
  defectsSaved: 'Your list has been saved',
  savePrayer: 'Save Prayer',
  /** Step 1's writing field. */
  stepOneHint:
    'Take your time: it is saved as you write, and encrypted on this device first, so only you can read it.',
  saveStepOne: 'Save my Step One',
  stepOneSaved: 'Step One saved',

  // Help and content
  helpNotFound: 'Help content not found for this question.',
  helpLoadError: 'Error loading help content.',
  contentErrorTitle: 'Error',
  contentLoadFailed: 'Failed to load content. Please try again.',
  contentTagsNotFound: 'Content tags not found',

  // Dates
  startDateRequired: 'Please enter a start date',
  startDateInvalid: 'Please enter a valid start date',
  startDateInFuture: 'Start date cannot be in the future',
  completionDateInvalid: 'Please enter a valid completion date',
  completionDateInFuture: 'Completion date cannot be in the future',
  completionBeforeStart: 'Completion date must be after start date',
  editStepDatesTitle: 'Edit Step Dates',
  /** The confirmation question of the Edit Step Dates dialog. */
  editStepDatesConfirm: 'Save these dates for this step?',
  datesUpdated: 'Dates updated successfully',
  datesUpdateFailed: 'Failed to update dates',
  /** Shown with the disabled date control when date tracking is off. */
  dateTrackingOff:
    'Date tracking is turned off. Turn on "Show completion dates and timelines" in your profile to see and edit step dates.',

  // Step pages and list
  comingSoonTitle: 'Coming Soon',
  /** The note under the Coming Soon heading of steps 6 to 12 (the page stays usable). */
  comingSoonStepNote:
    'This step page is still being finished. You can already use it and your work is saved.',
  /** The alert for programs other than SAA. */
  comingSoonProgram: 'The twelve-step tools for this program are under development. Please check back soon.',
  /** The login prompt on the step list and step pages for visitors. */
  loginPrompt: 'Log in or create an account to track your progress. Your work is private and encrypted.',
  previousStep: 'Previous',
  nextStep: 'Next',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
} as const;

/** 'Actions to Complete Step One' (the heading above a step's checklist). */
export function actionsHeading(stepTitle: string): string {
  return `Actions to Complete ${stepTitle}`;
}

/** 'Step Six - Coming Soon'. */
export function comingSoonHeading(stepTitle: string): string {
  return `${stepTitle} - ${STEP_MESSAGES.comingSoonTitle}`;
}

/** The completion message of a step page; step 12's says the whole program is done. */
export function stepCompletedMessage(stepTitle: string, isLastStep: boolean, stepCount = 12): string {
  return isLastStep
    ? `Congratulations! You have completed all ${stepCount} steps of the program.`
    : `Congratulations! You have completed ${stepTitle}.`;
}

/** The link under a completed step: 'Continue to Step Two'. */
export function nextStepLinkText(nextStepTitle: string): string {
  return `Continue to ${nextStepTitle}`;
}

/** The step 4 inventory pill: 'not started', 'in progress (3)', 'completed (5)'. */
export function inventoryPillText(entryCount: number, completed: boolean): string {
  if (completed) return `completed (${entryCount})`;
  if (entryCount > 0) return `in progress (${entryCount})`;
  return 'not started';
}

/** Timers of the step pages, in milliseconds. */
export const STEP3_SAVED_FLASH_MS = 1000;
export const DEFECTS_SAVED_FLASH_MS = 3000;
export const INVENTORY_RELOAD_DELAY_MS = 500;
