import { STEP_MESSAGES } from '@sam/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';

/** Step 7's update control and modal: private notes on how asking for help is going (saved encrypted). */
export function Step7Section({ draft, persist, signedIn }: StepToolsProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const saved = draft.data.notes ?? '';

  const save = async () => {
    setBusy(true);
    setProblem(null);
    const ok = await persist((d) => ({ ...d, data: { ...d.data, notes: text } }), STEP_MESSAGES.saveFailed);
    setBusy(false);
    if (ok) setOpen(false);
    else setProblem(signedIn ? STEP_MESSAGES.saveFailed : STEP_MESSAGES.notLoggedIn);
  };

  return (
    <div className={styles.subsection}>
      {saved ? (
        <div className={styles.notePreview}>
          <h3 className={styles.subheading}>My Step Seven update</h3>
          <p className={styles.preWrap}>{saved}</p>
        </div>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => {
          setText(saved);
          setProblem(null);
          setOpen(true);
        }}
      >
        {saved ? 'Edit my Step Seven update' : 'Write a Step Seven update'}
      </Button>
      <Modal
        open={open}
        onOpenChange={(o) => (busy ? undefined : setOpen(o))}
        title="Step Seven update"
        size="md"
      >
        <label htmlFor={id} className={styles.questionLabel}>
          How is asking for help with your shortcomings going? What are you noticing day by day?
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {problem ? <Message tone="danger">{problem}</Message> : null}
        <div className={styles.buttonRow}>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {STEP_MESSAGES.cancel}
          </Button>
          <Button onClick={() => void save()} busy={busy} busyLabel={STEP_MESSAGES.saving}>
            Save update
          </Button>
        </div>
      </Modal>
    </div>
  );
}
