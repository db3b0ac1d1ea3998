import type { InputHTMLAttributes } from 'react';
import styles from './Checkbox.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Sets the frame's size and margins, and may restyle its box (`input`) and tick (`span`) inside. */
  className?: string;
};

/**
 * A checkbox that is the browser's own input (its checked and disabled states, label, keyboard and form
 * behaviour as every screen reader knows them), drawn as a larger box with a tick over it. A native input
 * costs nothing when a page first draws; the Radix checkbox it replaces measured each box (a forced layout)
 * and drew itself a second time as the page appeared.
 */
export function Checkbox({ checked, onCheckedChange, className, ...input }: Props) {
  return (
    <span className={className ? `${styles.frame} ${className}` : styles.frame}>
      <input
        {...input}
        type="checkbox"
        className={styles.box}
        checked={checked}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
      />
      <span className={styles.tick} aria-hidden="true">
        ✓
      </span>
    </span>
  );
}
