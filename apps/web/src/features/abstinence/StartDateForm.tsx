import {
  type AbstinenceRecord,
  abstinenceProblem,
  type CalendarDay,
  isCalendarDay,
  setAbstinenceStart,
} from '@sam/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './abstinence.module.css';
import { newPeriodId } from './periodId.ts';
import { ABSTINENCE_WORDING as W } from './wording.ts';

/** Saves a changed record and says `done`; false when it could not be saved. */
export type Commit = (next: AbstinenceRecord, done: string) => Promise<boolean>;

/** The start date, for the first count or a change of the running one; checked before it is saved. */
export function StartDateForm({
  record,
  today,
  busy,
  commit,
  initial,
  submitLabel,
  onCancel,
  onDone,
}: {
  record: AbstinenceRecord;
  today: CalendarDay;
  busy: boolean;
  commit: Commit;
  initial: string;
  submitLabel: string;
  onCancel?: () => void;
  onDone?: () => void;
}) {
  const [start, setStart] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(start)) return setProblem(W.startMissing);
    const next = setAbstinenceStart(record, start, newPeriodId());
    const found = abstinenceProblem(next, today);
    setProblem(found);
    if (!found && (await commit(next, W.saved))) onDone?.();
  };
  return (
    <form onSubmit={submit} noValidate className={styles.startForm}>
      <TextField
        label={W.startLabel}
        type="date"
        value={start}
        max={today}
        required
        hint={W.startHint}
        error={problem}
        onChange={(e) => {
          setStart(e.target.value);
          setProblem(null);
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {W.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function StartForm(props: {
  record: AbstinenceRecord;
  today: CalendarDay;
  busy: boolean;
  commit: Commit;
}) {
  return (
    <section className={styles.panel} aria-labelledby="start-heading">
      <h2 id="start-heading" className={styles.panelTitle}>
        {W.startHeading}
      </h2>
      <StartDateForm {...props} initial={props.today} submitLabel={W.startButton} />
    </section>
  );
}
