import { z } from 'zod';
import { MAX_ACTIONS_PER_STEP, stepActionSchema } from '../schemas/progress.ts';
import type { QuestionSetDefinition } from './definitions.ts';
import { STEP2_QUESTION_SET, STEP3_QUESTION_SET } from './questions.ts';

/** Bounds of the private step fields. */
export const STEP_ANSWER_MAX_LENGTH = 20_000;
export const PRAYER_MAX_LENGTH = 20_000;
export const STEP_NOTES_MAX_LENGTH = 20_000;
export const DEFECT_MAX_LENGTH = 200;
/** Step 5 defect inputs: at most 9 (spec part 1 §9). */
export const MAX_CHARACTER_DEFECTS = 9;
/** Step 6 can add defects of its own beside the step 5 list. */
export const MAX_STEP6_DEFECTS = 30;

export const questionAnswerSchema = z.object({
  key: z.string().max(64),
  answer: z
    .string()
    .max(STEP_ANSWER_MAX_LENGTH, `Answers must be at most ${STEP_ANSWER_MAX_LENGTH} characters`),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** A set's saved answers: `{q1: {key, answer}, …}`, every question optional; a key must match its question. */
function questionAnswersSchema(set: QuestionSetDefinition) {
  const shape: Record<string, z.ZodOptional<typeof questionAnswerSchema>> = {};
  for (const q of set.items) shape[q.id] = questionAnswerSchema.optional();
  return z.strictObject(shape).superRefine((answers, ctx) => {
    for (const q of set.items) {
      const saved = answers[q.id];
      if (saved && saved.key !== q.key) {
        ctx.addIssue({ code: 'custom', path: [q.id, 'key'], message: `Expected key ${q.key}` });
      }
    }
  });
}
export type QuestionAnswers = Partial<Record<string, QuestionAnswer>>;

export const step2QuestionsSchema = questionAnswersSchema(STEP2_QUESTION_SET);
export const step3QuestionsSchema = questionAnswersSchema(STEP3_QUESTION_SET);

export const defectAnswerSchema = z.object({
  hurts: z.string().max(STEP_ANSWER_MAX_LENGTH),
  helps: z.string().max(STEP_ANSWER_MAX_LENGTH),
  less: z.string().max(STEP_ANSWER_MAX_LENGTH),
});
export type DefectAnswer = z.infer<typeof defectAnswerSchema>;

/** A defect's text as saved (not trimmed here, so a key is never changed by parsing). */
export const defectNameSchema = z
  .string()
  .max(DEFECT_MAX_LENGTH)
  .refine((name) => name.trim().length > 0, { message: 'A character defect cannot be blank' });

/** Step 6: defect text -> {hurts, helps, less}. */
export const defectAnswersSchema = z
  .record(defectNameSchema, defectAnswerSchema)
  .refine((answers) => Object.keys(answers).length <= MAX_STEP6_DEFECTS, {
    message: `At most ${MAX_STEP6_DEFECTS} character defects`,
  });
export type DefectAnswers = z.infer<typeof defectAnswersSchema>;

/**
 * Everything private of a step: the part the browser encrypts into `data.encryptedData` (DESIGN.md §5).
 * Every field is optional; a step page only writes its own. Unknown fields are dropped, not refused,
 * so data saved by an older SAM still decodes.
 */
export const stepPrivateDataSchema = z.object({
  /** Step 2 answers, keyed q1..q6. */
  step2_questions: step2QuestionsSchema.optional(),
  /** Step 3 answers, keyed q1..q9. */
  step3_questions: step3QuestionsSchema.optional(),
  /** Step 3: the Third Step prayer in the user's own words. */
  prayer_text: z.string().max(PRAYER_MAX_LENGTH).optional(),
  /** Step 4: a date and time to do Step Five is scheduled. */
  action3_scheduled: z.boolean().optional(),
  /** Step 4: a place to do Step Five is picked. */
  action3_place: z.boolean().optional(),
  /** Step 5: the inventories were shared with a sponsor. */
  sharedWithSponsor: z.boolean().optional(),
  /** Step 5: the saved list of character defects. */
  characterDefects: z.array(z.string().max(DEFECT_MAX_LENGTH)).max(MAX_CHARACTER_DEFECTS).optional(),
  /** Step 6: answers per defect. */
  defectAnswers: defectAnswersSchema.optional(),
  /** Free notes of a step (step 7's update control may keep its text here). */
  notes: z.string().max(STEP_NOTES_MAX_LENGTH).optional(),
});
export type StepPrivateData = z.infer<typeof stepPrivateDataSchema>;

/** A step's whole working data in the browser: the readable action flags plus the private fields. */
export const stepContentSchema = stepPrivateDataSchema.extend({
  actions: z.array(stepActionSchema).max(MAX_ACTIONS_PER_STEP),
});
export type StepContent = z.infer<typeof stepContentSchema>;
