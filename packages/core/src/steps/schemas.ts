import { z } from 'zod';
import { FIELD_LIMITS } from '../fieldLimits.ts';
import { MAX_ACTIONS_PER_STEP, stepActionSchema } from '../schemas/progress.ts';
import type { QuestionSetDefinition } from './definitions.ts';
import { STEP2_QUESTION_SET, STEP3_QUESTION_SET } from './questions.ts';

/** Bounds of the private step fields (see FIELD_LIMITS). */
export const STEP_ANSWER_MAX_LENGTH = FIELD_LIMITS.stepAnswer;
export const PRAYER_MAX_LENGTH = FIELD_LIMITS.prayer;
export const STEP_NOTES_MAX_LENGTH = FIELD_LIMITS.stepNotes;
export const DEFECT_MAX_LENGTH = FIELD_LIMITS.defectName;
/** Step 5 defect inputs: at most 9. */
export const MAX_CHARACTER_DEFECTS = 9;
/** Step 6 can add defects of its own beside the step 5 list. */
export const MAX_STEP6_DEFECTS = 30;

/** `limited`: the schema a save must pass. Unlimited: the reading of stored data, which keeps any length. */
const text = (limited: boolean, max: number, message?: string) =>
  limited ? z.string().max(max, message ?? `Must be at most ${max} characters`) : z.string();

const answerSchema = (limited: boolean) =>
  z.object({
    key: z.string().max(64),
    answer: text(
      limited,
      STEP_ANSWER_MAX_LENGTH,
      `Answers must be at most ${STEP_ANSWER_MAX_LENGTH} characters`,
    ),
  });
export const questionAnswerSchema = answerSchema(true);
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** A set's saved answers: `{q1: {key, answer}, …}`, every question optional; a key must match its question. */
function questionAnswersSchema(set: QuestionSetDefinition, limited: boolean) {
  const answer = answerSchema(limited);
  const shape: Record<string, z.ZodOptional<typeof answer>> = {};
  for (const q of set.items) shape[q.id] = answer.optional();
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

export const step2QuestionsSchema = questionAnswersSchema(STEP2_QUESTION_SET, true);
export const step3QuestionsSchema = questionAnswersSchema(STEP3_QUESTION_SET, true);

const defectAnswer = (limited: boolean) =>
  z.object({
    hurts: text(limited, FIELD_LIMITS.defectAnswer),
    helps: text(limited, FIELD_LIMITS.defectAnswer),
    less: text(limited, FIELD_LIMITS.defectAnswer),
  });
export const defectAnswerSchema = defectAnswer(true);
export type DefectAnswer = z.infer<typeof defectAnswerSchema>;

/** A defect's text as saved (not trimmed here, so a key is never changed by parsing). */
const defectName = (limited: boolean) =>
  text(limited, DEFECT_MAX_LENGTH).refine((name) => name.trim().length > 0, {
    message: 'A character defect cannot be blank',
  });
export const defectNameSchema = defectName(true);

/** Step 6: defect text -> {hurts, helps, less}. */
const defectAnswers = (limited: boolean) =>
  z
    .record(defectName(limited), defectAnswer(limited))
    .refine((answers) => !limited || Object.keys(answers).length <= MAX_STEP6_DEFECTS, {
      message: `At most ${MAX_STEP6_DEFECTS} character defects`,
    });
export const defectAnswersSchema = defectAnswers(true);
export type DefectAnswers = z.infer<typeof defectAnswersSchema>;

/**
 * Everything private of a step: the part the browser encrypts into `data.encryptedData`. Every field is
 * optional; a step page only writes its own. Unknown fields are dropped, not refused, so data saved by an
 * older SAM still decodes.
 */
function privateData(limited: boolean) {
  const defects = z.array(text(limited, DEFECT_MAX_LENGTH));
  return z.object({
    /** Step 1: the person's Step One, written under "Write your Step One". */
    step1_writing: text(limited, FIELD_LIMITS.stepOneWriting).optional(),
    /** Step 2 answers, keyed q1..q6. */
    step2_questions: questionAnswersSchema(STEP2_QUESTION_SET, limited).optional(),
    /** Step 3 answers, keyed q1..q9. */
    step3_questions: questionAnswersSchema(STEP3_QUESTION_SET, limited).optional(),
    /** Step 3: the Third Step prayer in the user's own words. */
    prayer_text: text(limited, PRAYER_MAX_LENGTH).optional(),
    /** Step 4: a date and time to do Step Five is scheduled. */
    action3_scheduled: z.boolean().optional(),
    /** Step 4: a place to do Step Five is picked. */
    action3_place: z.boolean().optional(),
    /** Step 5: the inventories were shared with a sponsor. */
    sharedWithSponsor: z.boolean().optional(),
    /** Step 5: the saved list of character defects. */
    characterDefects: (limited ? defects.max(MAX_CHARACTER_DEFECTS) : defects).optional(),
    /** Step 6: answers per defect. */
    defectAnswers: defectAnswers(limited).optional(),
    /** Free notes of a step (step 7's update control keeps its text here). */
    notes: text(limited, STEP_NOTES_MAX_LENGTH).optional(),
  });
}

/** What a save must pass: every field within its limit. */
export const stepPrivateDataSchema = privateData(true);
export type StepPrivateData = z.infer<typeof stepPrivateDataSchema>;

/**
 * How stored private data is read: the same shape with no length limits, so text saved before a limit
 * existed (or by another client) comes back as it was written, never emptied or cut.
 */
export const storedStepPrivateDataSchema: z.ZodType<StepPrivateData> = privateData(false);

/** A step's whole working data in the browser: the readable action flags plus the private fields. */
export const stepContentSchema = stepPrivateDataSchema.extend({
  actions: z.array(stepActionSchema).max(MAX_ACTIONS_PER_STEP),
});
export type StepContent = z.infer<typeof stepContentSchema>;
