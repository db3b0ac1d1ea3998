import { ASSESSMENT_AUTO_ADVANCE_MS, type ModuleId } from '@sam/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { areaCheckReducer, initialAreaCheck, loadAreaCheck, saveAreaCheck } from './areaCheckState.ts';

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * One area's check, kept in this tab's session storage as the self-assessment keeps its answers, with the
 * same 300 ms auto-advance after each answer. Nothing here sends anything anywhere.
 */
export function useAreaCheck(area: ModuleId) {
  const [state, dispatch] = useReducer(areaCheckReducer, area, (id) =>
    typeof window === 'undefined' ? initialAreaCheck(id) : loadAreaCheck(sessionStore(), id),
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

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
      clearTimer();
      timer.current = setTimeout(() => {
        timer.current = null;
        dispatch({ type: 'advance', from: index });
      }, ASSESSMENT_AUTO_ADVANCE_MS);
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
