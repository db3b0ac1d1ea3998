import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { CryptoError, type RewrappedKey } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { RecoveryCodeDialog, useSession } from '../auth/index.ts';
import { newRecoveryCode } from './newRecoveryCode.ts';
import styles from './recoveryCode.module.css';
import { RECOVERY_CODE_WORDING as W } from './wording.ts';

/**
 * The password again, then the new code with the same "I have saved it" confirmation as at sign-up. Once
 * the code is made the old one no longer works, so the code dialog cannot be dismissed either.
 */
export function NewRecoveryCodeDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<RewrappedKey | null>(null);

  if (!user) return null;
  if (made) {
    return (
      <RecoveryCodeDialog
        code={made.recoveryCode}
        wrapping={made.recoveryEncryptedKey}
        userId={user.id}
        email={user.email}
        onContinue={onClose}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      setMade(await newRecoveryCode(user.id, password));
    } catch (e) {
      setError(e instanceof CryptoError ? e.message : errorMessage(e, W.makeFailed));
      setBusy(false);
    }
  };

  return (
    <Modal open onOpenChange={(open) => (open || busy ? undefined : onClose())} title={W.makeTitle}>
      <p>{W.makeText}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
        <PasswordField
          label={W.password}
          hint={W.makeConfirm}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          required
        />
        {error ? <Message tone="danger">{error}</Message> : null}
        <div className={styles.actions}>
          <Button type="submit" busy={busy} busyLabel={W.making} disabled={!password}>
            {W.makeSubmit}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {W.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
