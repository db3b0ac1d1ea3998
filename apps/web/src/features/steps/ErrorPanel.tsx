import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './steps.module.css';

export const TRY_AGAIN = 'Try again';

/**
 * A step page that could not load. Its one action loads again in place; it never reloads the page, so
 * nothing typed anywhere is thrown away.
 */
export function ErrorPanel({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={styles.errorPanel} role="alert">
      <p className={styles.errorText}>{message}</p>
      {children}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {TRY_AGAIN}
      </Button>
    </div>
  );
}
