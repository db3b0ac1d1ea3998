import { STEP_MESSAGES } from '@sam/core';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './steps.module.css';

/** A step page error with the spec's Refresh Page button (spec part 1 §8). */
export function ErrorPanel({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className={styles.errorPanel} role="alert">
      <p className={styles.errorText}>{message}</p>
      {children}
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        {STEP_MESSAGES.refreshPage}
      </Button>
    </div>
  );
}
