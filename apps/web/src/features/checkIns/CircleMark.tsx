import type { CircleName } from '@sam/core';
import styles from './checkIns.module.css';

/** The first letter of each circle: the calendar's squares never rely on colour alone. */
export const CIRCLE_LETTERS: Record<CircleName, string> = { outer: 'O', middle: 'M', inner: 'I' };

/** A circle's small coloured square with its letter; decorative, since the words beside it say the same. */
export function CircleMark({ circle }: { circle: CircleName | null }) {
  return (
    <span className={styles.mark} data-circle={circle ?? 'none'} aria-hidden="true">
      {circle ? CIRCLE_LETTERS[circle] : ''}
    </span>
  );
}
