import {
  BACKUP_MESSAGES,
  CLEAR_CLOSE_DELAY_MS,
  CLEAR_RELOAD_DELAY_MS,
  clearConfirmationProblem,
  NOTE_READING_DELAY_MS,
} from '@sam/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { currentAuthValue, useDataCipher, useSession } from '../auth/index.ts';
import { afterDataReplaced } from './afterDataReplaced.ts';
import { backupApi } from './api.ts';
import styles from './backup.module.css';

const FORM_ID = 'clear-progress-form';
type Props = { onCancel(): void; onClose(): void };

/**
 * The Clear Progress dialog: type 'clear' and the password (a session alone may not clear), then everything
 * goes; the server keeps the step answers and inventories aside first.
 */
export function ClearDialog({ onCancel, onClose }: Props) {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [sharedNote, setSharedNote] = useState<string | null>(null);
  const problem = clearConfirmationProblem(text);
  const done = outcome?.tone === 'success';

  async function clear(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || !password || !user) return;
    setBusy(true);
    setOutcome(null);
    try {
      await backupApi.clear(await currentAuthValue(user.email, password));
    } catch (error) {
      setBusy(false);
      setOutcome({ tone: 'danger', text: errorMessage(error, BACKUP_MESSAGES.clearFailed) });
      return;
    }
    const note = await afterDataReplaced(cipher, user?.id ?? null);
    setSharedNote(note);
    setOutcome({ tone: 'success', text: BACKUP_MESSAGES.clearDone });
    const signedIn = user !== null;
    setTimeout(
      () => {
        onClose();
        setTimeout(
          () => (signedIn ? window.location.reload() : window.location.assign('/')),
          CLEAR_RELOAD_DELAY_MS,
        );
      },
      note ? NOTE_READING_DELAY_MS : CLEAR_CLOSE_DELAY_MS,
    );
  }

  const footer = done ? null : (
    <div className={styles.footer}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="submit"
        form={FORM_ID}
        variant="danger"
        disabled={problem !== null || !password}
        busy={busy}
        busyLabel="Processing..."
      >
        Clear All Data
      </Button>
    </div>
  );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Clear Progress"
      variant="danger"
      footer={footer}
      dismissible={!busy && !done}
    >
      <form id={FORM_ID} className={styles.stack} onSubmit={clear} noValidate>
        <p>{BACKUP_MESSAGES.clearExplained}</p>
        <p>{BACKUP_MESSAGES.clearKeepsAside}</p>
        <TextField
          label='Type "clear" to confirm'
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem ? problem : null}
          autoComplete="off"
          spellCheck={false}
          disabled={busy || done}
        />
        <PasswordField
          label="Your password"
          hint={BACKUP_MESSAGES.passwordHint}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={touched && !password ? BACKUP_MESSAGES.passwordRequired : null}
          disabled={busy || done}
        />
        {outcome ? <Message tone={outcome.tone}>{outcome.text}</Message> : null}
        {sharedNote ? <Message tone="warning">{sharedNote}</Message> : null}
      </form>
    </Modal>
  );
}
