/**
 * The self-assessment's rules: level-A thresholds, the stage after each stage, area scores, fit badges, the
 * ranking and the recognised patterns.
 * Pure functions: the page keeps the answers in the browser and only asks these what they mean.
 */
import type { ProgramId } from '../fellowships.ts';
import {
  ASSESSMENT_MODULES,
  type AssessmentModule,
  LEVEL_A_QUESTIONS,
  type LevelAQuestionId,
  type ModuleId,
} from './questions.ts';

/** Delay between an answer and the move to the next question. */
export const ASSESSMENT_AUTO_ADVANCE_MS = 300;
/** Level A: this many yes answers or more and the wording says things are hurting the person. */
export const LEVEL_A_HURTING_MIN_YES = 5;
/** Level A: this many yes answers or more and the area choice is shown; fewer skip to the results. */
export const LEVEL_A_MODULES_MIN_YES = 2;
/** Fit badges: share of an area's questions answered yes, in percent. */
export const FIT_STRONG_MIN_PERCENT = 75;
export const FIT_MODERATE_MIN_PERCENT = 50;

export const ASSESSMENT_STAGES = ['welcome', 'levelA', 'modules', 'questions', 'results'] as const;
export type AssessmentStage = (typeof ASSESSMENT_STAGES)[number];

/** Yes/no answers by question id; a missing id is not answered yet. */
export type Answers = Partial<Record<string, boolean>>;
export type LevelAAnswers = Partial<Record<LevelAQuestionId, boolean>>;

export function countYes(answers: Answers): number {
  return Object.values(answers).filter((a) => a === true).length;
}

/**
 * What the level-A answers say: 'hurting' (5 or more yes: the wording says things are hurting you, and the
 * areas are offered), 'some' (2 to 4 yes: the areas are offered), 'few' (under 2: straight to the results).
 */
export type LevelABand = 'hurting' | 'some' | 'few';

export function levelABand(yesCount: number): LevelABand {
  if (yesCount >= LEVEL_A_HURTING_MIN_YES) return 'hurting';
  if (yesCount >= LEVEL_A_MODULES_MIN_YES) return 'some';
  return 'few';
}

/** After the seventh level-A answer: the area choice with 2 or more yes, else the results. */
export function stageAfterLevelA(yesCount: number): 'modules' | 'results' {
  return levelABand(yesCount) === 'few' ? 'results' : 'modules';
}

/** From the area choice: questions if any area is chosen, else the results. */
export function stageAfterModules(selected: readonly ModuleId[]): 'questions' | 'results' {
  return selected.length > 0 ? 'questions' : 'results';
}

/** The chosen areas in the order they are offered, without repeats or unknown ids. */
export function orderedSelection(selected: readonly string[]): ModuleId[] {
  return ASSESSMENT_MODULES.filter((m) => selected.includes(m.id)).map((m) => m.id);
}

/** True when every question of the area has a yes or no, so the area is done and the next one can start. */
export function isAreaComplete(module: AssessmentModule, answers: Answers): boolean {
  return module.questions.every((q) => typeof answers[q.id] === 'boolean');
}

/**
 * Index (in `selected`) of the first chosen area without stored answers, at or after `from`; null when
 * every chosen area is answered, which means the results come next.
 */
export function nextAreaIndex(
  selected: readonly ModuleId[],
  stored: Partial<Record<ModuleId, Answers>>,
  from = 0,
): number | null {
  for (let i = Math.max(0, from); i < selected.length; i++) {
    const id = selected[i] as ModuleId;
    const module = ASSESSMENT_MODULES.find((m) => m.id === id);
    const answers = stored[id];
    if (!module || !answers || !isAreaComplete(module, answers)) return i;
  }
  return null;
}

export type Fit = 'strong' | 'moderate' | 'light';
export const FIT_LABELS: Record<Fit, string> = {
  strong: 'Strong fit',
  moderate: 'Moderate fit',
  light: 'Light fit',
};

/** The badge for a score given in percent: 75 and up strong, 50 and up moderate, else light. */
export function fitForPercent(percent: number): Fit {
  if (percent >= FIT_STRONG_MIN_PERCENT) return 'strong';
  if (percent >= FIT_MODERATE_MIN_PERCENT) return 'moderate';
  return 'light';
}

/** The badge for `yes` of `total` questions, compared in whole numbers so 3 of 4 is exactly 75 %. */
export function fitBadge(yes: number, total: number): Fit {
  if (total <= 0) return 'light';
  if (yes * 100 >= FIT_STRONG_MIN_PERCENT * total) return 'strong';
  if (yes * 100 >= FIT_MODERATE_MIN_PERCENT * total) return 'moderate';
  return 'light';
}

export type AreaScore = { yes: number; total: number; percent: number };

/** An area's score: the yes answers to its own questions (answers to unknown ids are ignored). */
export function areaScore(module: AssessmentModule, answers: Answers): AreaScore {
  const total = module.questions.length;
  const yes = module.questions.filter((q) => answers[q.id] === true).length;
  return { yes, total, percent: total === 0 ? 0 : Math.round((yes * 100) / total) };
}

export type AreaResult = AreaScore & {
  module: AssessmentModule;
  fit: Fit;
  fitLabel: string;
  /** The texts of the questions answered yes, for "Why this suggestion:". */
  reasons: string[];
};

/** One area's result from its own answers: its score, its badge and the questions answered yes. */
export function areaResult(module: AssessmentModule, answers: Answers): AreaResult {
  const score = areaScore(module, answers);
  const fit = fitBadge(score.yes, score.total);
  const reasons = module.questions.filter((q) => answers[q.id] === true).map((q) => q.text);
  return { ...score, module, fit, fitLabel: FIT_LABELS[fit], reasons };
}

/**
 * How the result of one area answered on its own reads, in the self-assessment's three tones: a Strong fit
 * says things may be hurting the person, a Moderate fit that some patterns are worth a closer look, and a
 * Light fit or no yes at all that the answers do not point strongly to a problem.
 */
export function areaBand(result: Pick<AreaResult, 'yes' | 'fit'>): LevelABand {
  if (result.yes === 0 || result.fit === 'light') return 'few';
  return result.fit === 'strong' ? 'hurting' : 'some';
}

/**
 * The results: every chosen area with at least one yes, highest score first. The score is the number of
 * yes answers; a tie goes to the higher share of the area's questions answered yes (2 of 2 before 2 of 4),
 * and a tie on both keeps the order the areas are offered in (alcohol, drugs, sex, food, gambling, money,
 * relationships). So a Strong fit always ranks above a Moderate one, and a Moderate above a Light one.
 */
export function rankAreas(
  selected: readonly string[],
  stored: Partial<Record<ModuleId, Answers>>,
  modules: readonly AssessmentModule[] = ASSESSMENT_MODULES,
): AreaResult[] {
  const results: { result: AreaResult; order: number }[] = [];
  modules.forEach((module, order) => {
    if (!selected.includes(module.id)) return;
    const result = areaResult(module, stored[module.id] ?? {});
    if (result.yes > 0) results.push({ result, order });
  });
  results.sort(
    (a, b) =>
      b.result.yes - a.result.yes ||
      b.result.yes * a.result.total - a.result.yes * b.result.total ||
      a.order - b.order,
  );
  return results.map((r) => r.result);
}

/** The program slugs to preselect on /onboarding, in rank order, each once. */
export function rankedProgramSlugs(results: readonly AreaResult[]): ProgramId[] {
  const slugs: ProgramId[] = [];
  for (const r of results) if (!slugs.includes(r.module.program_slug)) slugs.push(r.module.program_slug);
  return slugs;
}

/** "Patterns you recognized": the pattern of each level-A question answered yes, in question order. */
export function recognizedPatterns(answers: LevelAAnswers): string[] {
  return LEVEL_A_QUESTIONS.filter((q) => answers[q.id] === true).map((q) => q.pattern);
}
