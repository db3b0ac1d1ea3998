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

/** A YouTube video id as a content file may configure it: `<!-- video: abcDEF12345 -->`. */
const VIDEO_TAG = /<!--\s*video:\s*([A-Za-z0-9_-]{11})\s*-->/;

export function videoIdFrom(markdown: string): string | null {
  return VIDEO_TAG.exec(markdown)?.[1] ?? null;
}
