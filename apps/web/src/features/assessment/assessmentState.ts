/**
 * The self-assessment's state machine: a pure reducer over the
 * rules of @sam/core, and its session-storage copy so a reload keeps the answers until Retake.
 * Nothing here talks to the network.
 */
import {
  ASSESSMENT_MODULES,
  type AssessmentModule,
  type AssessmentState,
  countYes,
  initialAssessment,
  isAreaComplete,
  LEVEL_A_QUESTIONS,
  type ModuleId,
  nextAreaIndex,
  orderedSelection,
  readAssessmentState,
  stageAfterLevelA,
  storedAreaAnswers,
} from '@sam/core';

export type { AssessmentState } from '@sam/core';
export { initialAssessment };

export const STORAGE_KEY = 'sam_self_assessment';

export type AssessmentAction =
  | { type: 'start'; id: string; now: string }
  | { type: 'answerLevelA'; index: number; value: boolean }
  /** The 300 ms auto-advance after answering level-A question `from`. */
  | { type: 'advanceLevelA'; from: number }
  | { type: 'previousLevelA' }
  | { type: 'toggleModule'; id: ModuleId }
  | { type: 'continueFromModules' }
  | { type: 'answerQuestion'; areaIndex: number; questionIndex: number; value: boolean }
  /** The 300 ms auto-advance after answering the question at this place. */
  | { type: 'advanceQuestion'; areaIndex: number; questionIndex: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'backToAreas' }
  | { type: 'retake' };

/** The area on screen in the questions stage. */
export function currentArea(state: AssessmentState): AssessmentModule | undefined {
  const id = state.modules_selected[state.areaIndex];
  return ASSESSMENT_MODULES.find((m) => m.id === id);
}

function areaAt(state: AssessmentState, index: number): AssessmentModule | undefined {
  const id = state.modules_selected[index];
  return ASSESSMENT_MODULES.find((m) => m.id === id);
}

/** Answers shown for an area: what is being answered now, else what was stored. */
export function areaAnswers(state: AssessmentState, id: ModuleId): Record<string, boolean> {
  const merged: Record<string, boolean> = {};
  for (const [k, v] of Object.entries({ ...state.modules[id]?.answers, ...state.drafts[id] })) {
    if (typeof v === 'boolean') merged[k] = v;
  }
  return merged;
}

/** Opens area `index` at its first question, or the results when no area is left. */
function openArea(state: AssessmentState, index: number | null): AssessmentState {
  if (index === null) return { ...state, currentStep: 'results', areaIndex: 0, questionIndex: 0 };
  return { ...state, currentStep: 'questions', areaIndex: index, questionIndex: 0 };
}

/** Stores the area's answers (it is complete) and moves to the next area still to answer, or the results. */
function finishArea(state: AssessmentState, area: AssessmentModule): AssessmentState {
  const answers = areaAnswers(state, area.id);
  const modules = { ...state.modules, [area.id]: { answers, yes_count: countYes(answers) } };
  const drafts = { ...state.drafts };
  delete drafts[area.id];
  const stored = { ...state, modules, drafts };
  const done = storedAreaAnswers(stored);
  const later = nextAreaIndex(state.modules_selected, done, state.areaIndex + 1);
  return openArea(stored, later ?? nextAreaIndex(state.modules_selected, done));
}

/** Forward from the current question: the next one in the area, or (when the area is complete) on. */
function forward(state: AssessmentState): AssessmentState {
  const area = currentArea(state);
  if (!area) return state;
  const answers = areaAnswers(state, area.id);
  if (state.questionIndex < area.questions.length - 1) {
    return { ...state, questionIndex: state.questionIndex + 1 };
  }
  if (isAreaComplete(area, answers)) return finishArea(state, area);
  // the last question is answered but an earlier one is not: go to the first one missing
  const missing = area.questions.findIndex((q) => typeof answers[q.id] !== 'boolean');
  return { ...state, questionIndex: Math.max(0, missing) };
}

export function assessmentReducer(state: AssessmentState, action: AssessmentAction): AssessmentState {
  switch (action.type) {
    case 'start':
      return {
        ...initialAssessment(),
        currentStep: 'levelA',
        assessment_id: action.id,
        created_at: action.now,
      };
    case 'answerLevelA': {
      const question = LEVEL_A_QUESTIONS[action.index];
      if (state.currentStep !== 'levelA' || !question) return state;
      const answers = { ...state.levelA.answers, [question.id]: action.value };
      return { ...state, levelA: { answers, yes_count: countYes(answers) } };
    }
    case 'advanceLevelA': {
      const question = LEVEL_A_QUESTIONS[action.from];
      if (state.currentStep !== 'levelA' || state.levelAIndex !== action.from || !question) return state;
      if (typeof state.levelA.answers[question.id] !== 'boolean') return state;
      if (action.from < LEVEL_A_QUESTIONS.length - 1) return { ...state, levelAIndex: action.from + 1 };
      const stage = stageAfterLevelA(state.levelA.yes_count);
      // Under the threshold no area is offered, so none counts towards the results.
      if (stage === 'results') {
        return { ...state, currentStep: 'results', modules_selected: [], modules: {}, drafts: {} };
      }
      return { ...state, currentStep: 'modules' };
    }
    case 'previousLevelA':
      if (state.currentStep !== 'levelA' || state.levelAIndex === 0) return state;
      return { ...state, levelAIndex: state.levelAIndex - 1 };
    case 'toggleModule': {
      if (state.currentStep !== 'modules') return state;
      const has = state.modules_selected.includes(action.id);
      const next = has
        ? state.modules_selected.filter((id) => id !== action.id)
        : [...state.modules_selected, action.id];
      return { ...state, modules_selected: orderedSelection(next) };
    }
    case 'continueFromModules': {
      if (state.currentStep !== 'modules') return state;
      const selected = orderedSelection(state.modules_selected);
      // Answers of areas no longer chosen are forgotten.
      const modules: AssessmentState['modules'] = {};
      const drafts: AssessmentState['drafts'] = {};
      for (const id of selected) {
        if (state.modules[id]) modules[id] = state.modules[id];
        if (state.drafts[id]) drafts[id] = state.drafts[id];
      }
      const kept = { ...state, modules_selected: selected, modules, drafts };
      if (selected.length === 0) return { ...kept, currentStep: 'results' };
      return openArea(kept, nextAreaIndex(selected, storedAreaAnswers(kept)));
    }
    case 'answerQuestion': {
      if (state.currentStep !== 'questions') return state;
      if (action.areaIndex !== state.areaIndex || action.questionIndex !== state.questionIndex) return state;
      const area = currentArea(state);
      const question = area?.questions[state.questionIndex];
      if (!area || !question) return state;
      const draft = { ...areaAnswers(state, area.id), [question.id]: action.value };
      return { ...state, drafts: { ...state.drafts, [area.id]: draft } };
    }
    case 'advanceQuestion': {
      if (state.currentStep !== 'questions') return state;
      if (action.areaIndex !== state.areaIndex || action.questionIndex !== state.questionIndex) return state;
      const area = currentArea(state);
      const question = area?.questions[state.questionIndex];
      if (!area || !question || typeof areaAnswers(state, area.id)[question.id] !== 'boolean') return state;
      return forward(state);
    }
    case 'next': {
      const area = currentArea(state);
      if (state.currentStep !== 'questions' || !area || !isAreaComplete(area, areaAnswers(state, area.id))) {
        return state;
      }
      return forward(state);
    }
    case 'previous': {
      if (state.currentStep !== 'questions') return state;
      if (state.questionIndex > 0) return { ...state, questionIndex: state.questionIndex - 1 };
      const previousArea = areaAt(state, state.areaIndex - 1);
      if (!previousArea) return state;
      return { ...state, areaIndex: state.areaIndex - 1, questionIndex: previousArea.questions.length - 1 };
    }
    case 'backToAreas':
      if (state.currentStep !== 'questions') return state;
      return { ...state, currentStep: 'modules', areaIndex: 0, questionIndex: 0 };
    case 'retake':
      return initialAssessment();
  }
}

/** Progress through the chosen areas: questions answered of all their questions. */
export function questionsProgress(state: AssessmentState): { answered: number; total: number } {
  let answered = 0;
  let total = 0;
  for (const id of state.modules_selected) {
    const area = ASSESSMENT_MODULES.find((m) => m.id === id);
    if (!area) continue;
    const answers = areaAnswers(state, id);
    total += area.questions.length;
    answered += area.questions.filter((q) => typeof answers[q.id] === 'boolean').length;
  }
  return { answered, total };
}

/** The saved copy, or a fresh start when there is none or it cannot be read. */
export function loadAssessment(storage: Pick<Storage, 'getItem'> | undefined): AssessmentState {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return initialAssessment();
    const state = readAssessmentState(JSON.parse(raw));
    if (!state) return initialAssessment();
    // A place that no longer exists (the areas changed) falls back to the area choice.
    if (state.currentStep === 'questions' && !currentArea(state)) return { ...state, currentStep: 'modules' };
    return state;
  } catch {
    return initialAssessment();
  }
}

/** Keeps the state for this tab only; a fresh welcome screen leaves nothing behind. */
export function saveAssessment(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  state: AssessmentState,
): void {
  try {
    if (state.currentStep === 'welcome') storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or blocked: the assessment still works, it just will not survive a reload
  }
}
