import { useEffect } from 'react';
import { escapeCounter, NEUTRAL_PAGE, quickExit } from './quickExit.ts';
import styles from './sharedDevice.module.css';

declare global {
  interface Window {
    /** What public/first-paint.js listens with for Escape three times before the app has started. */
    samEarlyEscapes?: { stop(): void };
  }
}

/**
 * Always in the header: one tap (or Escape three times) leaves SAM for a neutral page, for the moment
 * someone walks in. Listens in the capture phase so an open dialog cannot swallow the presses.
 */
export function QuickExitButton() {
  useEffect(() => {
    // public/first-paint.js counted the presses until now; from here on this listener does.
    window.samEarlyEscapes?.stop();
    delete window.samEarlyEscapes;
    const pressed = escapeCounter();
    const onKey = (event: KeyboardEvent) => {
      if (pressed(event.key)) quickExit();
    };
    const onPointer = (event: PointerEvent) => void pressed(event.type);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
  return (
    <button
      type="button"
      className={styles.quickExit}
      onClick={() => quickExit()}
      // Read by public/first-paint.js: a tap leaves even before the app has started.
      data-quick-exit={NEUTRAL_PAGE}
      aria-label="Quick exit: leave SAM now (or press Escape three times)"
    >
      Quick exit
    </button>
  );
}
