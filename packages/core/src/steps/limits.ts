import { FIELD_LIMITS, limitProblem } from '../fieldLimits.ts';
import { answersFor } from './answers.ts';
import type { StepDefinition } from './definitions.ts';
import { DEFECT_QUESTIONS } from './questions.ts';
import type { StepPrivateData } from './schemas.ts';

/** The labels a person sees for a step's free-text fields, used in over-limit messages. */
export const STEP_FIELD_LABELS = {
  stepOne: 'My Step One',
  prayer: 'My Third Step Prayer',
  notes: 'My Step Seven update',
  defectName: 'Character defect',
  defect: (n: number) => `Character defect ${n}`,
  question: (n: number) => `Question ${n}`,
} as const;

/**
 * The first field of a step's private data that is over its limit, as a message naming it; null when all
 * fit. A save runs this first, so text over a limit is never sent and never cut.
 */
export function stepDataLimitProblem(step: StepDefinition, data: StepPrivateData): string | null {
  const problems: (string | null)[] = [
    limitProblem(STEP_FIELD_LABELS.stepOne, data.step1_writing, FIELD_LIMITS.stepOneWriting),
  ];
  if (step.questions) {
    const answers = answersFor(step.questions, data);
    step.questions.items.forEach((q, i) => {
      problems.push(
        limitProblem(STEP_FIELD_LABELS.question(i + 1), answers?.[q.id]?.answer, FIELD_LIMITS.stepAnswer),
      );
    });
  }
  problems.push(limitProblem(STEP_FIELD_LABELS.prayer, data.prayer_text, FIELD_LIMITS.prayer));
  problems.push(limitProblem(STEP_FIELD_LABELS.notes, data.notes, FIELD_LIMITS.stepNotes));
  (data.characterDefects ?? []).forEach((defect, i) => {
    problems.push(limitProblem(STEP_FIELD_LABELS.defect(i + 1), defect, FIELD_LIMITS.defectName));
  });
  for (const [defect, answer] of Object.entries(data.defectAnswers ?? {})) {
    problems.push(limitProblem(STEP_FIELD_LABELS.defectName, defect, FIELD_LIMITS.defectName));
    for (const q of DEFECT_QUESTIONS) {
      problems.push(limitProblem(`${defect}: ${q.prompt}`, answer[q.key], FIELD_LIMITS.defectAnswer));
    }
  }
  return problems.find((p) => p !== null) ?? null;
}
