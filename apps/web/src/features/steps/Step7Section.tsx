import { FIELD_LIMITS, STEP_MESSAGES } from '@sam/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';

/**
 * Step 7's update control and modal: private notes on how asking for help is going. The text is the
 * page's own (kept as a draft, saved after a pause), so closing the modal never loses it.
 */
export function Step7Section({ draft, update, saveNow, statusFor }: StepToolsProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const notes = draft.data.notes ?? '';

  const save = async () => {
    setBusy(true);
    const ok = await saveNow('step7');
    setBusy(false);
    if (ok) setOpen(false);
  };

  return (
    <div className={styles.subsection}>
      {notes && !open ? (
        <div className={styles.notePreview}>
          <h3 className={styles.subheading}>My Step Seven update</h3>
          <p className={styles.preWrap}>{notes}</p>
        </div>
      ) : null}
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {notes ? 'Edit my Step Seven update' : 'Write a Step Seven update'}
      </Button>
      {open ? null : statusFor('step7')}
      <Modal
        open={open}
        onOpenChange={(o) => (busy ? undefined : setOpen(o))}
        title="Step Seven update"
        size="md"
      >
        <label htmlFor={id} className={styles.questionLabel}>
          How is asking for help with your shortcomings going? What are you noticing day by day?
        </label>
        <LimitedTextarea
          id={id}
          className={styles.textarea}
          rows={8}
          limit={FIELD_LIMITS.stepNotes}
          value={notes}
          onChange={(e) => {
            const text = e.target.value;
            update('step7', (d) => ({ ...d, data: { ...d.data, notes: text } }));
          }}
        />
        {statusFor('step7')}
        <div className={styles.buttonRow}>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {STEP_MESSAGES.close}
          </Button>
          <Button onClick={() => void save()} busy={busy} busyLabel={STEP_MESSAGES.saving}>
            Save update
          </Button>
        </div>
      </Modal>
    </div>
  );
}
