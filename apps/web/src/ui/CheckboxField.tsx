import { type ReactNode, useId } from 'react';
import { Checkbox } from './Checkbox.tsx';
import styles from './fields.module.css';

type Props = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  /** A line under the label, read as the checkbox's description. */
  hint?: ReactNode;
};

export function CheckboxField({ label, checked, onCheckedChange, disabled, name, hint }: Props) {
  const id = useId();
  return (
    <div className={styles.checkboxRow}>
      <Checkbox
        id={id}
        name={name}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={styles.checkbox}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      />
      {hint ? (
        <div>
          <label htmlFor={id} className={styles.checkboxLabel}>
            {label}
          </label>
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        </div>
      ) : (
        <label htmlFor={id} className={styles.checkboxLabel}>
          {label}
        </label>
      )}
    </div>
  );
}
