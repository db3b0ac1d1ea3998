import { type ComponentProps, useState } from 'react';
import styles from './fields.module.css';
import { TextField } from './TextField.tsx';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a Show/Hide toggle; long passwords and passphrases are welcome. */
export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      }
    />
  );
}
