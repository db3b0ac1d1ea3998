import type { ModuleId } from '@sam/core';
import { useEffect, useReducer } from 'react';
import {
  type AssessmentState,
  assessmentReducer,
  initialAssessment,
  loadAssessment,
  saveAssessment,
} from './assessmentState.ts';
import { sessionStore, useAutoAdvance } from './useAutoAdvance.ts';

function newAssessmentId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `a-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The assessment's state, kept in this tab's session storage, with the 300 ms auto-advance after each
 * answer. The answers stay in the browser: nothing here sends anything anywhere.
 */
export function useAssessment() {
  const [state, dispatch] = useReducer(assessmentReducer, undefined, () =>
    typeof window === 'undefined' ? initialAssessment() : loadAssessment(sessionStore()),
  );
  const { later, cancel: clearTimer } = useAutoAdvance();

  useEffect(() => {
    saveAssessment(sessionStore(), state);
  }, [state]);

  const actions = {
    start: () => {
      clearTimer();
      dispatch({ type: 'start', id: newAssessmentId(), now: new Date().toISOString() });
    },
    answerLevelA: (index: number, value: boolean) => {
      dispatch({ type: 'answerLevelA', index, value });
      later(() => dispatch({ type: 'advanceLevelA', from: index }));
    },
    previousLevelA: () => {
      clearTimer();
      dispatch({ type: 'previousLevelA' });
    },
    toggleModule: (id: ModuleId) => dispatch({ type: 'toggleModule', id }),
    continueFromModules: () => dispatch({ type: 'continueFromModules' }),
    answerQuestion: (areaIndex: number, questionIndex: number, value: boolean) => {
      dispatch({ type: 'answerQuestion', areaIndex, questionIndex, value });
      later(() => dispatch({ type: 'advanceQuestion', areaIndex, questionIndex }));
    },
    next: () => {
      clearTimer();
      dispatch({ type: 'next' });
    },
    previous: () => {
      clearTimer();
      dispatch({ type: 'previous' });
    },
    backToAreas: () => {
      clearTimer();
      dispatch({ type: 'backToAreas' });
    },
    retake: () => {
      clearTimer();
      dispatch({ type: 'retake' });
    },
  };

  return { state, actions } as { state: AssessmentState; actions: typeof actions };
}
