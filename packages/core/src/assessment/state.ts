/**
 * The assessment state kept in the browser's session storage, plus
 * where the person is in it so a reload lands on the same question. Never sent to the server.
 */
import {
  assessmentModule,
  LEVEL_A_QUESTIONS,
  type LevelAQuestionId,
  MODULE_IDS,
  type ModuleId,
} from './questions.ts';
import { type Answers, ASSESSMENT_STAGES, isAreaComplete, type LevelAAnswers } from './rules.ts';

export type AssessmentState = {
  version: 1;
  currentStep: (typeof ASSESSMENT_STAGES)[number];
  levelA: { answers: LevelAAnswers; yes_count: number };
  /** The level-A question on screen (0 to 6). */
  levelAIndex: number;
  modules_selected: ModuleId[];
  /** Stored answers of each finished area (written 300 ms after its last answer, or by Next). */
  modules: Partial<Record<ModuleId, { answers: Record<string, boolean>; yes_count: number }>>;
  /** Answers given so far in areas not finished (or being revisited). */
  drafts: Partial<Record<ModuleId, Answers>>;
  /** The area (index in modules_selected) and question on screen. */
  areaIndex: number;
  questionIndex: number;
  assessment_id: string;
  created_at: string;
};

const LEVEL_A_IDS: readonly LevelAQuestionId[] = LEVEL_A_QUESTIONS.map((q) => q.id);
/** Longest question id an area's answers may use. */
const MAX_ANSWER_KEY = 20;

type Plain = Record<string, unknown>;

/** Thrown inside readAssessmentState at the first field of the wrong shape; never escapes it. */
class BadShape extends Error {}

function bad(): never {
  throw new BadShape();
}

function plain(value: unknown): Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Plain) : bad();
}

function int(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : bad();
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' && value.length <= max ? value : bad();
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : bad();
}

/**
 * A record whose keys all pass `key` and whose values all read with `read`. Built with
 * Object.fromEntries, so a key such as "__proto__" stays an own property and never reaches a prototype.
 */
function record<K extends string, V>(
  value: unknown,
  key: (k: string) => K,
  read: (v: unknown) => V,
): Partial<Record<K, V>> {
  return Object.fromEntries(Object.entries(plain(value)).map(([k, v]) => [key(k), read(v)])) as Partial<
    Record<K, V>
  >;
}

function bool(value: unknown): boolean {
  return typeof value === 'boolean' ? value : bad();
}

function answers(value: unknown): Record<string, boolean> {
  return record(value, (k) => text(k, MAX_ANSWER_KEY), bool) as Record<string, boolean>;
}

const moduleId = (value: unknown) => oneOf(value, MODULE_IDS);

/** A fresh assessment at the welcome stage (what nothing stored, or Retake, gives). */
export function initialAssessment(): AssessmentState {
  return {
    version: 1,
    currentStep: 'welcome',
    levelA: { answers: {}, yes_count: 0 },
    levelAIndex: 0,
    modules_selected: [],
    modules: {},
    drafts: {},
    areaIndex: 0,
    questionIndex: 0,
    assessment_id: '',
    created_at: '',
  };
}

/**
 * The assessment state read back from session storage (already JSON-parsed), or null when it is not of
 * the current shape: another version, a missing or mistyped field, a number out of range, an unknown
 * area or level-A question. Unknown extra fields are left out of the result.
 */
export function readAssessmentState(value: unknown): AssessmentState | null {
  try {
    const state = plain(value);
    if (state.version !== 1) return null;
    const levelA = plain(state.levelA);
    const selected = Array.isArray(state.modules_selected) ? state.modules_selected : bad();
    if (selected.length > MODULE_IDS.length) return null;
    return {
      version: 1,
      currentStep: oneOf(state.currentStep, ASSESSMENT_STAGES),
      levelA: {
        answers: record(levelA.answers, (k) => oneOf(k, LEVEL_A_IDS), bool),
        yes_count: int(levelA.yes_count, 0, LEVEL_A_IDS.length),
      },
      levelAIndex: int(state.levelAIndex, 0, LEVEL_A_IDS.length - 1),
      modules_selected: selected.map(moduleId),
      modules: record(state.modules, moduleId, (stored) => {
        const area = plain(stored);
        return { answers: answers(area.answers), yes_count: int(area.yes_count, 0) };
      }),
      drafts: record(state.drafts, moduleId, answers),
      areaIndex: int(state.areaIndex, 0),
      questionIndex: int(state.questionIndex, 0),
      assessment_id: text(state.assessment_id, 100),
      created_at: text(state.created_at, 40),
    };
  } catch (error) {
    if (error instanceof BadShape) return null;
    throw error;
  }
}

/** The stored answers of each finished area, as rankAreas and nextAreaIndex read them. */
export function storedAreaAnswers(state: AssessmentState): Partial<Record<ModuleId, Answers>> {
  const out: Partial<Record<ModuleId, Answers>> = {};
  for (const id of MODULE_IDS) {
    const stored = state.modules[id];
    if (stored) out[id] = stored.answers;
  }
  return out;
}

export const AREA_CHECK_STAGES = ['welcome', 'questions', 'results'] as const;
export type AreaCheckStage = (typeof AREA_CHECK_STAGES)[number];

/**
 * One area of the assessment answered on its own (the "Am I a Sex Addict?" page), kept in session
 * storage like the assessment and never sent to the server.
 */
export type AreaCheckState = {
  version: 1;
  area: ModuleId;
  currentStep: AreaCheckStage;
  /** The question on screen. */
  questionIndex: number;
  /** Yes/no by the area's question ids. */
  answers: Record<string, boolean>;
};

/** A fresh check of `area` at its welcome stage. */
export function initialAreaCheck(area: ModuleId): AreaCheckState {
  return { version: 1, area, currentStep: 'welcome', questionIndex: 0, answers: {} };
}

/**
 * A check of `area` read back from session storage (already JSON-parsed), or null when it is not of the
 * current shape: another version or area, a missing or mistyped field, a question the area does not have,
 * or results without an answer to every question. Unknown extra fields are left out of the result.
 */
export function readAreaCheckState(value: unknown, area: ModuleId): AreaCheckState | null {
  try {
    const state = plain(value);
    if (state.version !== 1 || state.area !== area) return null;
    const module = assessmentModule(area);
    const ids = module.questions.map((q) => q.id);
    const read: AreaCheckState = {
      version: 1,
      area,
      currentStep: oneOf(state.currentStep, AREA_CHECK_STAGES),
      questionIndex: int(state.questionIndex, 0, ids.length - 1),
      answers: record(state.answers, (k) => oneOf(k, ids), bool) as Record<string, boolean>,
    };
    if (read.currentStep === 'results' && !isAreaComplete(module, read.answers)) return null;
    return read;
  } catch (error) {
    if (error instanceof BadShape) return null;
    throw error;
  }
}
