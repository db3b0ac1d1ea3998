import { ASSESSMENT_AUTO_ADVANCE_MS } from '@sam/core';
import { useCallback, useEffect, useRef } from 'react';

/** This tab's session storage, where the self-assessment and the area checks keep their answers. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The 300 ms pause after an answer before the next question: `later` runs its step once the pause has
 * passed, unless `cancel` (any other move) or another answer comes first. Nothing runs after unmount.
 */
export function useAutoAdvance() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const later = useCallback(
    (step: () => void) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        step();
      }, ASSESSMENT_AUTO_ADVANCE_MS);
    },
    [cancel],
  );

  return { later, cancel };
}
