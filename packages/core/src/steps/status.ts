import { answersFor, anyQuestionAnswered, isBlank } from './answers.ts';
import type { StepDefinition } from './definitions.ts';
import type { StepPrivateData } from './schemas.ts';

const WORDS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
] as const;

/** 'One' … 'Twelve'; larger numbers stay digits. */
export function stepWord(stepNumber: number): string {
  return WORDS[stepNumber] ?? String(stepNumber);
}

/** 'Step One' … 'Step Twelve'. */
export function stepTitle(stepNumber: number): string {
  return `Step ${stepWord(stepNumber)}`;
}

/** 'Working Step One - 2 of 6 actions completed'. */
export function statusNote(stepNumber: number, completedCount: number, total: number): string {
  return `Working ${stepTitle(stepNumber)} - ${completedCount} of ${total} actions completed`;
}

/** 'step1_in_progress' or 'step1_completed'. */
export function milestone(stepNumber: number, completed: boolean): string {
  return `step${stepNumber}_${completed ? 'completed' : 'in_progress'}`;
}

export type StepStatus = 'completed' | 'in-progress' | 'not-started';

/** The status badges of the step list (Not Started grey, In Progress yellow, Completed green). */
export const STEP_STATUS_LABELS: Readonly<Record<StepStatus, string>> = {
  completed: 'Completed',
  'in-progress': 'In Progress',
  'not-started': 'Not Started',
};

/** A step record as far as status is concerned (the server's record or the page's state). */
export interface StepProgressLike {
  completed?: boolean | null;
  data?: { actions?: readonly { completed?: boolean }[] | null } | null;
}

/** Completed if the step's completed flag; in progress if any action is completed; else not started. */
export function stepStatus(record: StepProgressLike | null | undefined): StepStatus {
  if (record?.completed === true) return 'completed';
  if (record?.data?.actions?.some((a) => a.completed === true)) return 'in-progress';
  return 'not-started';
}

/** Step records by step number: a Map, or an object such as getAllStepProgress's result. */
export type ProgressByNumber =
  | ReadonlyMap<number, StepProgressLike | null | undefined>
  | Readonly<Partial<Record<number, StepProgressLike | null | undefined>>>;

function progressOf(progress: ProgressByNumber | null | undefined, stepNumber: number) {
  if (!progress) return undefined;
  if (progress instanceof Map) return progress.get(stepNumber) ?? undefined;
  return (
    (progress as Readonly<Partial<Record<number, StepProgressLike | null | undefined>>>)[stepNumber] ??
    undefined
  );
}

export interface CurrentStep {
  number: number;
  verb: 'Continue' | 'Start';
  /** Every step is completed; `number` is then the last step. */
  allCompleted: boolean;
}

/**
 * The dashboard's Continue / Start button: the first step not completed (step 1 when nothing is known,
 * e.g. after a load failure). When every step is completed it points at the last one with Continue.
 */
export function currentStep(progress: ProgressByNumber | null | undefined, stepCount = 12): CurrentStep {
  for (let n = 1; n <= stepCount; n++) {
    const status = stepStatus(progressOf(progress, n));
    if (status !== 'completed') {
      return { number: n, verb: status === 'in-progress' ? 'Continue' : 'Start', allCompleted: false };
    }
  }
  return { number: stepCount, verb: 'Continue', allCompleted: true };
}

export type JourneyMessage =
  | { kind: 'all-completed'; text: string }
  | { kind: 'step-completed'; step: number; nextStep: number; text: string }
  | { kind: 'step-in-progress'; step: number; text: string }
  | { kind: 'not-started'; text: string };

/**
 * The journey overview above the step list; null when date tracking is opted out.
 * It looks at the highest step in progress or completed.
 */
export function journeyMessage(
  progress: ProgressByNumber | null | undefined,
  optedOut: boolean,
  stepCount = 12,
): JourneyMessage | null {
  if (optedOut) return null;
  const statuses = Array.from({ length: stepCount }, (_, i) => stepStatus(progressOf(progress, i + 1)));
  if (statuses.every((s) => s === 'completed')) {
    return {
      kind: 'all-completed',
      text: `Congratulations! You have completed all ${stepCount} steps. That took courage and honesty. Keep practicing these principles one day at a time.`,
    };
  }
  let highest = 0;
  statuses.forEach((s, i) => {
    if (s !== 'not-started') highest = i + 1;
  });
  if (highest === 0) {
    return {
      kind: 'not-started',
      text: 'Welcome to your journey. When you are ready, click Step 1 below to begin. One step at a time is enough.',
    };
  }
  if (statuses[highest - 1] === 'completed') {
    // The first step not yet done, wherever it is: a step left open behind comes before the next one.
    const nextStep = statuses.findIndex((s) => s !== 'completed') + 1;
    return {
      kind: 'step-completed',
      step: highest,
      nextStep,
      text: `Congratulations on completing ${stepTitle(highest)}! When you are ready, continue with ${stepTitle(nextStep)}.`,
    };
  }
  return {
    kind: 'step-in-progress',
    step: highest,
    text: `You are working on ${stepTitle(highest)}. Keep going: every action you complete is progress.`,
  };
}

export type DocumentStepStatus = 'To Do' | 'In Progress' | 'Completed';

/**
 * The status of a step in the generated 12-step document: the same as the app shows it. Completed when the
 * step is completed (every action done, the completion rules re-checked on every save); In Progress when
 * an action is done or anything is written; otherwise To Do. Answering every question without doing the
 * step's actions is In Progress, as on the step list.
 */
export function documentStepStatus(
  step: StepDefinition,
  record: { completed?: boolean | null; actions?: readonly { id?: number; completed?: boolean }[] | null },
  data?: StepPrivateData | null,
): DocumentStepStatus {
  const doneIds = new Set((record.actions ?? []).filter((a) => a.completed === true).map((a) => a.id));
  if (record.completed === true || step.actions.every((a) => doneIds.has(a.id))) return 'Completed';
  const answers = step.questions ? answersFor(step.questions, data) : undefined;
  const started =
    doneIds.size > 0 ||
    (step.questions && anyQuestionAnswered(step.questions, answers)) ||
    hasPrivateContent(data);
  return started ? 'In Progress' : 'To Do';
}

/** Anything written or ticked in a step's private fields. */
export function hasPrivateContent(data: StepPrivateData | null | undefined): boolean {
  if (!data) return false;
  const answered = (answers: StepPrivateData['step2_questions']) =>
    Object.values(answers ?? {}).some((a) => !isBlank(a?.answer));
  return (
    !isBlank(data.step1_writing) ||
    answered(data.step2_questions) ||
    answered(data.step3_questions) ||
    !isBlank(data.prayer_text) ||
    !isBlank(data.notes) ||
    data.action3_scheduled === true ||
    data.action3_place === true ||
    data.sharedWithSponsor === true ||
    (data.characterDefects ?? []).some((d) => !isBlank(d)) ||
    Object.keys(data.defectAnswers ?? {}).length > 0
  );
}
