import type { ModuleId } from '@sam/core';
import { useEffect, useReducer } from 'react';
import { sessionStore, useAutoAdvance } from '../assessment/index.ts';
import { areaCheckReducer, initialAreaCheck, loadAreaCheck, saveAreaCheck } from './areaCheckState.ts';

/**
 * One area's check, kept in this tab's session storage as the self-assessment keeps its answers, with the
 * same 300 ms auto-advance after each answer. Nothing here sends anything anywhere.
 */
export function useAreaCheck(area: ModuleId) {
  const [state, dispatch] = useReducer(areaCheckReducer, area, (id) =>
    typeof window === 'undefined' ? initialAreaCheck(id) : loadAreaCheck(sessionStore(), id),
  );
  const { later, cancel: clearTimer } = useAutoAdvance();

  useEffect(() => {
    saveAreaCheck(sessionStore(), state);
  }, [state]);

  const actions = {
    start: () => {
      clearTimer();
      dispatch({ type: 'start' });
    },
    answer: (index: number, value: boolean) => {
      dispatch({ type: 'answer', index, value });
      later(() => dispatch({ type: 'advance', from: index }));
    },
    next: () => {
      clearTimer();
      dispatch({ type: 'next' });
    },
    previous: () => {
      clearTimer();
      dispatch({ type: 'previous' });
    },
    retake: () => {
      clearTimer();
      dispatch({ type: 'retake' });
    },
  };

  return { state, actions };
}
