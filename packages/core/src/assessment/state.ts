/**
 * The assessment state kept in the browser's session storage (spec part 1 §3 "Assessment state"), plus
 * where the person is in it so a reload lands on the same question. Never sent to the server.
 */
import { z } from 'zod';
import { MODULE_IDS, type ModuleId } from './questions.ts';
import { type Answers, ASSESSMENT_STAGES, type LevelAAnswers } from './rules.ts';

const answersSchema = z.record(z.string().max(20), z.boolean());
const moduleIdSchema = z.enum(MODULE_IDS);

export const assessmentStateSchema = z.object({
  version: z.literal(1),
  currentStep: z.enum(ASSESSMENT_STAGES),
  levelA: z.object({
    answers: z.partialRecord(z.enum(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']), z.boolean()),
    yes_count: z.number().int().min(0).max(7),
  }),
  /** The level-A question on screen (0 to 6). */
  levelAIndex: z.number().int().min(0).max(6),
  modules_selected: z.array(moduleIdSchema).max(MODULE_IDS.length),
  /** Stored answers of each finished area (written 300 ms after its last answer, or by Next). */
  modules: z.partialRecord(moduleIdSchema, z.object({ answers: answersSchema, yes_count: z.number().int() })),
  /** Answers given so far in areas not finished (or being revisited). */
  drafts: z.partialRecord(moduleIdSchema, answersSchema),
  /** The area (index in modules_selected) and question on screen. */
  areaIndex: z.number().int().min(0),
  questionIndex: z.number().int().min(0),
  assessment_id: z.string().max(100),
  created_at: z.string().max(40),
});

export type AssessmentState = {
  version: 1;
  currentStep: (typeof ASSESSMENT_STAGES)[number];
  levelA: { answers: LevelAAnswers; yes_count: number };
  levelAIndex: number;
  modules_selected: ModuleId[];
  modules: Partial<Record<ModuleId, { answers: Record<string, boolean>; yes_count: number }>>;
  drafts: Partial<Record<ModuleId, Answers>>;
  areaIndex: number;
  questionIndex: number;
  assessment_id: string;
  created_at: string;
};

/** The stored answers of each finished area, as rankAreas and nextAreaIndex read them. */
export function storedAreaAnswers(state: AssessmentState): Partial<Record<ModuleId, Answers>> {
  const out: Partial<Record<ModuleId, Answers>> = {};
  for (const id of MODULE_IDS) {
    const stored = state.modules[id];
    if (stored) out[id] = stored.answers;
  }
  return out;
}
