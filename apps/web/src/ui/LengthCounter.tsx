import { limitCounterText } from '@sam/core';
import styles from './fields.module.css';

/**
 * Under a text field with a limit: nothing until the text is near the limit, then how much is used. The
 * field names it in `aria-describedby` (by `id`), so a screen reader reads it with the field.
 */
export function LengthCounter({ id, length, limit }: { id: string; length: number; limit: number }) {
  const text = limitCounterText(length, limit);
  return (
    <p id={id} className={length >= limit ? `${styles.counter} ${styles.counterFull}` : styles.counter}>
      {text ?? ''}
    </p>
  );
}
