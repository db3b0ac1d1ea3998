import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { CryptoError } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../auth/index.ts';
import { confirmKeptCode } from './newRecoveryCode.ts';
import styles from './recoveryCode.module.css';
import { RECOVERY_CODE_WORDING as W } from './wording.ts';

/** "I still have my code": the code typed in, checked in this browser, and recorded as saved when it works. */
export function CheckRecoveryCodeDialog({
  onClose,
  onMakeNew,
}: {
  onClose: () => void;
  onMakeNew: () => void;
}) {
  const { user } = useSession();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [works, setWorks] = useState(false);
  if (!user) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      if (await confirmKeptCode(user.id, code)) setWorks(true);
      else setError(W.checkWrong);
    } catch (e) {
      setError(e instanceof CryptoError ? e.message : errorMessage(e, W.checkFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onOpenChange={(open) => (open || busy ? undefined : onClose())} title={W.checkTitle}>
      {works ? (
        <>
          <Message tone="success">{W.checkWorks}</Message>
          <div className={styles.actions}>
            <Button onClick={onClose}>{W.done}</Button>
          </div>
        </>
      ) : (
        <>
          <p>{W.checkText}</p>
          <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
            <TextField
              label={W.codeLabel}
              hint={W.codeHint}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={styles.monoField}
              required
            />
            {error ? <Message tone="danger">{error}</Message> : null}
            <div className={styles.actions}>
              <Button type="submit" busy={busy} busyLabel={W.checking} disabled={!code.trim()}>
                {W.checkSubmit}
              </Button>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {W.cancel}
              </Button>
            </div>
          </form>
          <Button variant="link" onClick={onMakeNew} disabled={busy}>
            {W.make}
          </Button>
        </>
      )}
    </Modal>
  );
}
