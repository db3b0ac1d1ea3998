import { z } from 'zod';

/**
 * Programs, tracks and steps as data. A new program is a `ProgramDefinition` that uses the completion
 * rules below; no code changes are needed unless it needs a new kind of rule.
 */
export const COMPLETION_RULE_IDS = [
  /** Every required question of the step's question set is answered (SAA step 2: questions 1-5). */
  'step2-questions',
  /** At least one question of the step's question set is answered (SAA step 3). */
  'step3-any-answer',
  /** The three Step Four inventories are marked complete and both scheduling boxes are ticked. */
  'step4-inventories-and-schedule',
  /** Shared the inventories with a sponsor and saved at least one character defect. */
  'step5-shared-and-defects',
  /** At least one defect, and each defect has its three answers. */
  'step6-all-defects-answered',
] as const;
export const completionRuleIdSchema = z.enum(COMPLETION_RULE_IDS);
export type CompletionRuleId = z.infer<typeof completionRuleIdSchema>;

/** Where a question set's answers live inside a step's private data. */
export const QUESTION_FIELDS = ['step2_questions', 'step3_questions'] as const;
export type QuestionField = (typeof QUESTION_FIELDS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

export const questionDefinitionSchema = z.object({
  /** 'q1', 'q2', … : the property name in the saved answers. */
  id: z.string().regex(/^q[1-9]\d?$/),
  /** The stable key saved beside each answer; it stays the same when the prompt is reworded. */
  key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
  prompt: text(300),
  required: z.boolean(),
});
export type QuestionDefinition = z.infer<typeof questionDefinitionSchema>;

export const questionSetDefinitionSchema = z.object({
  field: z.enum(QUESTION_FIELDS),
  /** Height of each answer's text area. */
  rows: z.number().int().min(1).max(20),
  items: z.array(questionDefinitionSchema).min(1).max(20),
});
export type QuestionSetDefinition = z.infer<typeof questionSetDefinitionSchema>;

export const actionDefinitionSchema = z.object({
  id: z.number().int().min(1).max(20),
  label: text(120),
  description: text(500),
  /** A rule that must pass before the action can be ticked (unticking is never blocked by a rule). */
  rule: completionRuleIdSchema.optional(),
  /** Tick the action by itself once its rule passes and every earlier action is done (step 2 action 3). */
  autoComplete: z.boolean().optional(),
});
export type ActionDefinition = z.infer<typeof actionDefinitionSchema>;

export const stepDefinitionSchema = z.object({
  number: z.number().int().min(1).max(50),
  /** 'Step One' */
  title: text(40),
  /** A short name, e.g. 'Admitting powerlessness'. */
  name: text(60),
  /** The idea of the step in SAM's own words (never a fellowship's copyrighted wording). */
  statement: text(400),
  /** The last part of the step page's address: 'step-1'. */
  slug: z.string().regex(/^step-\d{1,2}$/),
  actions: z.array(actionDefinitionSchema).min(1).max(20),
  questions: questionSetDefinitionSchema.optional(),
  /** Steps still shown with the Coming Soon notice (the page stays usable). */
  comingSoon: z.boolean(),
});
export type StepDefinition = z.infer<typeof stepDefinitionSchema>;

export const trackDefinitionSchema = z
  .object({
    /** As the progress service stores it: '12-steps'. */
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    /** 'The 12 Steps of SAA' (progress service track_description). */
    name: text(100),
    /** The step list page's title: "Working SAA's 12 Steps". */
    title: text(100),
    steps: z.array(stepDefinitionSchema).min(1).max(50),
  })
  .superRefine((track, ctx) => {
    track.steps.forEach((step, i) => {
      if (step.number !== i + 1)
        ctx.addIssue({ code: 'custom', message: `step ${i + 1} is numbered ${step.number}` });
      if (step.slug !== `step-${step.number}`) {
        ctx.addIssue({ code: 'custom', message: `step ${step.number} has slug ${step.slug}` });
      }
      step.actions.forEach((action, j) => {
        if (action.id !== j + 1) {
          ctx.addIssue({
            code: 'custom',
            message: `step ${step.number} action ${j + 1} has id ${action.id}`,
          });
        }
        if (action.autoComplete && !action.rule) {
          ctx.addIssue({
            code: 'custom',
            message: `step ${step.number} action ${action.id} auto-completes without a rule`,
          });
        }
        if ((action.rule === 'step2-questions' || action.rule === 'step3-any-answer') && !step.questions) {
          ctx.addIssue({
            code: 'custom',
            message: `step ${step.number} uses a question rule without questions`,
          });
        }
      });
      step.questions?.items.forEach((q, j) => {
        if (q.id !== `q${j + 1}`)
          ctx.addIssue({ code: 'custom', message: `step ${step.number} question ${q.id}` });
      });
      const keys = new Set(step.questions?.items.map((q) => q.key));
      if (step.questions && keys.size !== step.questions.items.length) {
        ctx.addIssue({ code: 'custom', message: `step ${step.number} repeats a question key` });
      }
    });
  });
export type TrackDefinition = z.infer<typeof trackDefinitionSchema>;

export const programDefinitionSchema = z.object({
  /** Route and preference id: 'saa'. */
  id: z.string().regex(/^[a-z]{2,10}$/),
  /** As the progress service stores it: 'SAA'. */
  code: z.string().regex(/^[A-Z]{2,10}$/),
  /** 'SAA - Sex Addicts Anonymous' */
  name: text(100),
  /** 'Sex Addicts Anonymous' (progress service program_description). */
  fullName: text(100),
  /** Initials shown on the dashboard: 'SAA'. */
  initials: text(10),
  tracks: z.array(trackDefinitionSchema).min(1).max(10),
});
export type ProgramDefinition = z.infer<typeof programDefinitionSchema>;
