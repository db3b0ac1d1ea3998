import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './fields.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Rendered after the input, inside the same row (e.g. a show-password toggle). */
  trailing?: ReactNode;
  after?: ReactNode;
};

export function TextField({ label, hint, error, trailing, after, className, ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          {...input}
          id={id}
          className={styles.input}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
