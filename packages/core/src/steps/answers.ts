import type { QuestionSetDefinition } from './definitions.ts';
import { STEP2_QUESTION_SET } from './questions.ts';
import type { DefectAnswer, DefectAnswers, QuestionAnswers, StepPrivateData } from './schemas.ts';

/** Blank means empty or only whitespace: such an answer counts as not given. */
export function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** The saved answer text of one question ('' when none). */
export function answerOf(answers: QuestionAnswers | null | undefined, questionId: string): string {
  return answers?.[questionId]?.answer ?? '';
}

export function isQuestionAnswered(answers: QuestionAnswers | null | undefined, questionId: string): boolean {
  return !isBlank(answerOf(answers, questionId));
}

/** The answers of a step's question set inside its private data. */
export function answersFor(set: QuestionSetDefinition, data: StepPrivateData | null | undefined) {
  return data?.[set.field] as QuestionAnswers | undefined;
}

/** Every required question answered (SAA step 2: questions 1-5; question 6 is optional). */
export function requiredQuestionsAnswered(
  set: QuestionSetDefinition,
  answers: QuestionAnswers | null | undefined,
): boolean {
  return set.items.filter((q) => q.required).every((q) => isQuestionAnswered(answers, q.id));
}

/** At least one question answered (SAA step 3). */
export function anyQuestionAnswered(
  set: QuestionSetDefinition,
  answers: QuestionAnswers | null | undefined,
): boolean {
  return set.items.some((q) => isQuestionAnswered(answers, q.id));
}

export function allQuestionsAnswered(
  set: QuestionSetDefinition,
  answers: QuestionAnswers | null | undefined,
): boolean {
  return set.items.every((q) => isQuestionAnswered(answers, q.id));
}

/**
 * Builds the saved shape `{q1: {key, answer}, …}` from the texts typed per question id.
 * Questions without a text are left out; texts are kept as typed.
 */
export function buildQuestionAnswers(
  set: QuestionSetDefinition,
  texts: Readonly<Record<string, string | undefined>>,
): QuestionAnswers {
  const result: QuestionAnswers = {};
  for (const q of set.items) {
    const answer = texts[q.id];
    if (answer !== undefined && answer !== '') result[q.id] = { key: q.key, answer };
  }
  return result;
}

/** A defect's three answers are all non-blank. */
export function isDefectAnswered(answer: Partial<DefectAnswer> | null | undefined): boolean {
  return !isBlank(answer?.hurts) && !isBlank(answer?.helps) && !isBlank(answer?.less);
}

/** Step 6: at least one defect and every defect has its three answers. */
export function allDefectsAnswered(defectAnswers: DefectAnswers | null | undefined): boolean {
  const entries = Object.entries(defectAnswers ?? {}).filter(([name]) => !isBlank(name));
  return entries.length > 0 && entries.every(([, answer]) => isDefectAnswered(answer));
}

/**
 * Step 6's first list: the step 5 defects with empty answers, keeping any answers already saved.
 * Use it while step 6 has never been saved; afterwards its own `defectAnswers` is the list.
 */
export function initialDefectAnswers(
  step5Defects: readonly string[] | null | undefined,
  existing: DefectAnswers | null | undefined = {},
): DefectAnswers {
  const result: DefectAnswers = { ...(existing ?? {}) };
  for (const raw of step5Defects ?? []) {
    const name = raw.trim();
    if (name && !(name in result)) result[name] = { hurts: '', helps: '', less: '' };
  }
  return result;
}

/** SAA step 2: questions 1-5 all answered (saving such answers auto-completes action 3). */
export function step2AnswersComplete(answers: QuestionAnswers | null | undefined): boolean {
  return requiredQuestionsAnswered(STEP2_QUESTION_SET, answers);
}
