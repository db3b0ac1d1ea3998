import {
  type AbstinencePeriod,
  type AbstinenceRecord,
  type CalendarDay,
  correctPeriod,
  FIELD_LIMITS,
  isCalendarDay,
} from '@sam/core';
import { type FormEvent, useId, useState } from 'react';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './abstinence.module.css';
import { SaveOrCancel } from './SaveOrCancel.tsx';
import { ABSTINENCE_WORDING as W } from './wording.ts';

/** "Correct": one period's start, the day of its slip and its note, checked like any other record. */
export function CorrectPeriodDialog({
  record,
  period,
  today,
  save,
  onClose,
}: {
  record: AbstinenceRecord;
  period: AbstinencePeriod;
  today: CalendarDay;
  save: (next: AbstinenceRecord, done: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const noteId = useId();
  const [start, setStart] = useState(period.start);
  const [end, setEnd] = useState(period.end ?? '');
  const [note, setNote] = useState(period.slipNote ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialogs = useDialogs();
  const changed = start !== period.start || end !== (period.end ?? '') || note !== (period.slipNote ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(start) || (period.end !== null && !isCalendarDay(end))) {
      return setProblem(W.startMissing);
    }
    const change = period.end === null ? { start } : { start, end, slipNote: note };
    const result = correctPeriod(record, period.id, change, today);
    if ('problem' in result) return setProblem(result.problem);
    setBusy(true);
    const saved = await save(result.record, W.saved);
    setBusy(false);
    if (saved) onClose();
  };

  const dismiss = async () => {
    if (busy) return;
    const yes =
      !changed ||
      (await dialogs.confirm({
        title: W.correctCloseTitle,
        message: W.correctCloseText,
        variant: 'warning',
        confirmText: W.correctCloseConfirm,
        cancelText: W.correctKeepEditing,
        safeAnswer: 'cancel',
      }));
    if (yes) onClose();
  };

  return (
    <Modal open onOpenChange={(open) => (open ? undefined : void dismiss())} title={W.correctTitle} size="md">
      <form onSubmit={submit} noValidate>
        <TextField
          label={W.correctStart}
          type="date"
          value={start}
          max={today}
          required
          onChange={(e) => {
            setStart(e.target.value);
            setProblem(null);
          }}
        />
        {period.end !== null ? (
          <>
            <TextField
              label={W.correctEnd}
              type="date"
              value={end}
              min={start}
              max={today}
              required
              onChange={(e) => {
                setEnd(e.target.value);
                setProblem(null);
              }}
            />
            <div className={fieldStyles.field}>
              <label htmlFor={noteId} className={fieldStyles.label}>
                {W.correctNote}
              </label>
              <LimitedTextarea
                id={noteId}
                className={styles.textarea}
                value={note}
                limit={FIELD_LIMITS.slipNote}
                rows={3}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          </>
        ) : null}
        <SaveOrCancel
          problem={problem}
          busy={busy}
          saveLabel={W.correctSave}
          onCancel={() => void dismiss()}
        />
      </form>
    </Modal>
  );
}
