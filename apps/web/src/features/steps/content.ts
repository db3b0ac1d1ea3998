/** The content files of the step pages (apps/web/public/content/). */
export const stepContentFile = (stepNumber: number) => `step-${stepNumber}`;
export const DEFECTS_EXAMPLES_FILE = 'character-defects';

/** Section tags inside a step's file. */
export const STEP_TAGS = {
  reading: 'reading',
  guidance: 'guidance',
  help: 'help',
} as const;

export const questionHelpTag = (stepNumber: number, questionId: string) =>
  `step${stepNumber}-question-${questionId.replace(/^q/, '')}-help`;

export const defectQuestionHelpTag = (key: string) => `step6-question-${key}-help`;
