/**
 * One area of the self-assessment answered on its own ("Am I a Sex Addict?"): a pure reducer over the
 * rules of @sam/core, and its session-storage copy so a reload keeps the answers until "Answer again".
 * Nothing here talks to the network.
 */
import {
  type AreaCheckState,
  assessmentModule,
  initialAreaCheck,
  isAreaComplete,
  type ModuleId,
  readAreaCheckState,
} from '@sam/core';

export type { AreaCheckState } from '@sam/core';
export { initialAreaCheck };

/** The session-storage key of an area's check, e.g. sam_area_check_sex. */
export function storageKey(area: ModuleId): string {
  return `sam_area_check_${area}`;
}

export type AreaCheckAction =
  | { type: 'start' }
  | { type: 'answer'; index: number; value: boolean }
  /** The 300 ms auto-advance after answering question `from`. */
  | { type: 'advance'; from: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'retake' };

/** On from the question on screen: the next question, the first one still unanswered, or the results. */
function forward(state: AreaCheckState): AreaCheckState {
  const module = assessmentModule(state.area);
  if (state.questionIndex < module.questions.length - 1) {
    return { ...state, questionIndex: state.questionIndex + 1 };
  }
  if (isAreaComplete(module, state.answers)) return { ...state, currentStep: 'results' };
  const missing = module.questions.findIndex((q) => typeof state.answers[q.id] !== 'boolean');
  return { ...state, questionIndex: Math.max(0, missing) };
}

export function areaCheckReducer(state: AreaCheckState, action: AreaCheckAction): AreaCheckState {
  const module = assessmentModule(state.area);
  switch (action.type) {
    case 'start':
      return { ...initialAreaCheck(state.area), currentStep: 'questions' };
    case 'answer': {
      const question = module.questions[action.index];
      if (state.currentStep !== 'questions' || state.questionIndex !== action.index || !question)
        return state;
      return { ...state, answers: { ...state.answers, [question.id]: action.value } };
    }
    case 'advance': {
      // A late auto-advance, or a second tap, from a question no longer on screen does nothing.
      const question = module.questions[action.from];
      if (state.currentStep !== 'questions' || state.questionIndex !== action.from || !question) return state;
      if (typeof state.answers[question.id] !== 'boolean') return state;
      return forward(state);
    }
    case 'next':
      if (state.currentStep !== 'questions' || !isAreaComplete(module, state.answers)) return state;
      return forward(state);
    case 'previous':
      if (state.currentStep !== 'questions' || state.questionIndex === 0) return state;
      return { ...state, questionIndex: state.questionIndex - 1 };
    case 'retake':
      return initialAreaCheck(state.area);
  }
}

/** The saved copy of the area's check, or a fresh start when there is none or it cannot be read. */
export function loadAreaCheck(storage: Pick<Storage, 'getItem'> | undefined, area: ModuleId): AreaCheckState {
  try {
    const raw = storage?.getItem(storageKey(area));
    return (raw ? readAreaCheckState(JSON.parse(raw), area) : null) ?? initialAreaCheck(area);
  } catch {
    return initialAreaCheck(area);
  }
}

/** Keeps the check for this tab only; the welcome stage leaves nothing behind. */
export function saveAreaCheck(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  state: AreaCheckState,
): void {
  try {
    if (state.currentStep === 'welcome') storage?.removeItem(storageKey(state.area));
    else storage?.setItem(storageKey(state.area), JSON.stringify(state));
  } catch {
    // storage full or blocked: the check still works, it just will not survive a reload
  }
}
