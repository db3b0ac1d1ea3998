import {
  BACKUP_MESSAGES,
  CLEAR_CLOSE_DELAY_MS,
  CLEAR_RELOAD_DELAY_MS,
  clearConfirmationProblem,
  NOTE_READING_DELAY_MS,
} from '@sam/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { afterDataReplaced } from './afterDataReplaced.ts';
import { backupApi } from './api.ts';
import styles from './backup.module.css';

const FORM_ID = 'clear-progress-form';
type Props = { onCancel(): void; onClose(): void };

/** The Clear Progress dialog: type 'clear', then everything goes. */
export function ClearDialog({ onCancel, onClose }: Props) {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [sharedNote, setSharedNote] = useState<string | null>(null);
  const problem = clearConfirmationProblem(text);
  const done = outcome?.tone === 'success';

  async function clear(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setOutcome(null);
    try {
      await backupApi.clear();
    } catch {
      setBusy(false);
      setOutcome({ tone: 'danger', text: BACKUP_MESSAGES.clearFailed });
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
        disabled={problem !== null}
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
        <p>
          This removes your answers and actions for steps 1 to 12, empties your three inventories, and deletes
          your three circles with their history, your abstinence dates and your check-ins. It cannot be
          undone. Make a backup first if you may want them back.
        </p>
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
        {outcome ? <Message tone={outcome.tone}>{outcome.text}</Message> : null}
        {sharedNote ? <Message tone="warning">{sharedNote}</Message> : null}
      </form>
    </Modal>
  );
}
