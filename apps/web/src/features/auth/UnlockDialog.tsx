import { AUTH_MESSAGES } from '@sam/core';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './auth.module.css';
import { KDF_CHANGED, type UnlockResult, unlockWithPassword } from './signIn.ts';

type Props = {
  email: string;
  /** Called once the password is checked for this session; the caller opens the data key with its kek. */
  onUnlocked: (result: UnlockResult) => void;
  onCancel: () => void;
};

/**
 * This browser has no copy of the data key: the password unlocks it. It is checked for the session this
 * browser has (no new sign-in), so "Where you're signed in" still shows this device once.
 */
export function UnlockDialog({ email, onUnlocked, onCancel }: Props) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [kdfChangeShown, setKdfChangeShown] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onUnlocked(await unlockWithPassword(email, password, { acceptChangedKdf: kdfChangeShown }));
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.loginModalDefault));
      setKdfChangeShown(e instanceof ApiError && e.code === KDF_CHANGED);
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title="Unlock your writing"
      size="sm"
    >
      <p>
        Your writing is encrypted with your password, and this browser does not hold the key yet. Enter your
        password once to unlock it here.
      </p>
      {error ? <Message tone={kdfChangeShown ? 'warning' : 'danger'}>{error}</Message> : null}
      <form onSubmit={submit}>
        <TextField label="Email" type="email" value={email} readOnly autoComplete="username" />
        <PasswordField
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
          autoFocus
        />
        <Button type="submit" block busy={busy} busyLabel="Unlocking..." disabled={!password}>
          Unlock
        </Button>
      </form>
      <div className={styles.altActions}>
        <Button variant="link" onClick={onCancel} disabled={busy}>
          Not now
        </Button>
      </div>
    </Modal>
  );
}
