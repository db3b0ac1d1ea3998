import * as Checkbox from '@radix-ui/react-checkbox';
import { type ReactNode, useId } from 'react';
import styles from './fields.module.css';

type Props = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
};

export function CheckboxField({ label, checked, onCheckedChange, disabled, name }: Props) {
  const id = useId();
  return (
    <div className={styles.checkboxRow}>
      <Checkbox.Root
        id={id}
        name={name}
        className={styles.checkbox}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange(value === true)}
      >
        <Checkbox.Indicator className={styles.checkmark} aria-hidden="true">
          ✓
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className={styles.checkboxLabel}>
        {label}
      </label>
    </div>
  );
}
