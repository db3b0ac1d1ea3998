import {
  type AbstinenceRecord,
  type CalendarDay,
  currentPeriod,
  defaultRestartDay,
  FIELD_LIMITS,
  isCalendarDay,
  recordSlip,
} from '@sam/core';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { DRAFT_MESSAGES, DraftRestoredNote, useCloseGuard, useDraft } from '../drafts/index.ts';
import styles from './abstinence.module.css';
import { newPeriodId } from './periodId.ts';
import { SaveOrCancel } from './SaveOrCancel.tsx';
import { ABSTINENCE_WORDING as W } from './wording.ts';

type SlipForm = { on: string; note: string; restartOn: string; restartChosen: boolean };

const formFor = (day: CalendarDay, today: CalendarDay): SlipForm => ({
  on: day,
  note: '',
  restartOn: defaultRestartDay(day, today),
  restartChosen: false,
});

/**
 * "Record a slip": the day (today unless chosen), an optional note kept with the period it ends, and the
 * day the new count starts (the day after the slip unless chosen). The note is kept as a draft until saved.
 */
export function SlipDialog({
  record,
  today,
  initialDay,
  save,
  onClose,
}: {
  record: AbstinenceRecord;
  today: CalendarDay;
  initialDay: CalendarDay | null;
  save: (next: AbstinenceRecord, done: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const noteId = useId();
  const start = currentPeriod(record)?.start;
  const [form, setForm] = useState(() => formFor(initialDay ?? today, today));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kept = useDraft<SlipForm>('abstinence-slip', (restored) => setForm(restored));
  const mayClose = useCloseGuard();

  const change = (next: SlipForm) => {
    setForm(next);
    setProblem(null);
    kept.keep(next);
  };
  const changeDay = (on: string) =>
    change({
      ...form,
      on,
      restartOn: form.restartChosen || !isCalendarDay(on) ? form.restartOn : defaultRestartDay(on, today),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(form.on) || !isCalendarDay(form.restartOn)) return setProblem(W.startMissing);
    const note = form.note.trim();
    const result = recordSlip(
      record,
      { on: form.on, restartOn: form.restartOn, ...(note ? { note } : {}) },
      newPeriodId(),
      today,
    );
    if ('problem' in result) return setProblem(result.problem);
    setBusy(true);
    const saved = await save(result.record, W.slipRecorded);
    setBusy(false);
    if (!saved) return;
    await kept.clear();
    onClose();
  };

  const dismiss = async () => {
    if (busy) return;
    if (await mayClose(form.note.trim() !== '')) onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : void dismiss())}
      title={W.slipTitle}
      description={W.slipKindWords}
      size="md"
    >
      <form onSubmit={submit} noValidate>
        {kept.restored ? (
          <DraftRestoredNote
            hint={DRAFT_MESSAGES.restoredUntilSave}
            onDiscard={async () => {
              setForm(formFor(initialDay ?? today, today));
              await kept.clear();
            }}
          />
        ) : null}
        <TextField
          label={W.slipDay}
          type="date"
          value={form.on}
          min={start}
          max={today}
          required
          onChange={(e) => changeDay(e.target.value)}
        />
        <div className={fieldStyles.field}>
          <label htmlFor={noteId} className={fieldStyles.label}>
            {W.slipNote}
          </label>
          <p id={`${noteId}-hint`} className={styles.hint}>
            {W.slipNoteHint}
          </p>
          <LimitedTextarea
            id={noteId}
            className={styles.textarea}
            value={form.note}
            limit={FIELD_LIMITS.slipNote}
            rows={3}
            aria-describedby={`${noteId}-hint`}
            onChange={(e) => change({ ...form, note: e.target.value })}
          />
        </div>
        <TextField
          label={W.restartDay}
          type="date"
          value={form.restartOn}
          min={isCalendarDay(form.on) ? form.on : start}
          max={today}
          required
          hint={W.restartHint}
          onChange={(e) => change({ ...form, restartOn: e.target.value, restartChosen: true })}
        />
        <SaveOrCancel problem={problem} busy={busy} saveLabel={W.slipSave} onCancel={() => void dismiss()} />
      </form>
    </Modal>
  );
}
