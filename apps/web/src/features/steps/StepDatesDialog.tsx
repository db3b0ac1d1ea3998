import {
  durationText,
  formatDisplayDate,
  localCalendarDate,
  relativeDateText,
  STEP_MESSAGES,
  type StepDefinition,
  timelineDurationDays,
  toCalendarDate,
  validateStepDates,
} from '@sam/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { progressApi } from './api.ts';
import { recordOf } from './stepState.ts';
import styles from './steps.module.css';
import { useJourney, useProgressList, usePutRecord } from './useProgress.ts';

/** The calendar button of step 1 and its timeline modal: when each step was started and completed. */
export function StepDatesButton({ step }: { step: StepDefinition }) {
  const journey = useJourney();
  const [open, setOpen] = useState(false);
  const optedOut = journey.data?.opted_out === true;
  return (
    <div className={styles.datesControl}>
      <Button
        variant="secondary"
        size="sm"
        disabled={optedOut || !journey.data}
        aria-describedby={optedOut ? 'dates-off-note' : undefined}
        onClick={() => setOpen(true)}
      >
        <svg className={styles.svgIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
        Step dates
      </Button>
      {optedOut ? (
        <p id="dates-off-note" className={styles.smallNote}>
          {STEP_MESSAGES.dateTrackingOff}
        </p>
      ) : null}
      {open ? <StepDatesDialog step={step} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function StepDatesDialog({ step, onClose }: { step: StepDefinition; onClose: () => void }) {
  const dialogs = useDialogs();
  const list = useProgressList();
  const putRecord = usePutRecord();
  const { cipher } = useDataCipher();
  const userId = useSession().user?.id ?? null;
  const record = recordOf(list.data, step.number);
  const today = localCalendarDate();
  const startedAt = toCalendarDate(record?.started_at ?? null);
  const completedAt = toCalendarDate(record?.completed_at ?? null);
  const [editing, setEditing] = useState(false);
  const [start, setStart] = useState(startedAt ?? '');
  const [end, setEnd] = useState(completedAt ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const days = startedAt ? timelineDurationDays(startedAt, completedAt ?? today) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateStepDates({ startedAt: start, completedAt: end }, today);
    setProblem(invalid);
    if (invalid) return;
    const ok = await dialogs.confirm({
      title: STEP_MESSAGES.editStepDatesTitle,
      message: STEP_MESSAGES.editStepDatesConfirm,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const saved = await progressApi.updateDates(step.number, start, end.trim() === '' ? null : end);
      putRecord(saved);
      // The sponsor's copy of a shared step shows its dates.
      if (cipher && userId) {
        void import('../sponsorSpace/index.ts').then((space) =>
          space.refreshSharedItemAfterChange(cipher, userId, `step-${step.number}`),
        );
      }
      setEditing(false);
      await dialogs.alert({
        title: STEP_MESSAGES.editStepDatesTitle,
        message: STEP_MESSAGES.datesUpdated,
        variant: 'success',
      });
    } catch (e) {
      setProblem(errorMessage(e, STEP_MESSAGES.datesUpdateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onOpenChange={(o) => (o ? undefined : onClose())} title={`${step.title} timeline`} size="md">
      <dl className={styles.timeline}>
        <div>
          <dt>Started</dt>
          <dd>
            {startedAt ? (
              <>
                {formatDisplayDate(startedAt)}{' '}
                <span className={styles.muted}>({relativeDateText(startedAt, today)})</span>
              </>
            ) : (
              'Not started yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>
            {completedAt ? (
              <>
                {formatDisplayDate(completedAt)}{' '}
                <span className={styles.muted}>({relativeDateText(completedAt, today)})</span>
              </>
            ) : (
              'Not completed yet'
            )}
          </dd>
        </div>
        {days !== null ? (
          <div>
            <dt>{completedAt ? 'Took' : 'So far'}</dt>
            <dd>{durationText(days)}</dd>
          </div>
        ) : null}
      </dl>
      {editing ? (
        <form onSubmit={submit} noValidate>
          <TextField
            label="Start date"
            type="date"
            value={start}
            max={today}
            required
            onChange={(e) => setStart(e.target.value)}
          />
          <TextField
            label="Completion date (leave empty if not completed)"
            type="date"
            value={end}
            min={start || undefined}
            max={today}
            onChange={(e) => setEnd(e.target.value)}
          />
          {problem ? <Message tone="danger">{problem}</Message> : null}
          <div className={styles.buttonRow}>
            <Button type="submit" busy={busy} busyLabel={STEP_MESSAGES.saving}>
              Save dates
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
              {STEP_MESSAGES.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {problem ? <Message tone="danger">{problem}</Message> : null}
          <div className={styles.buttonRow}>
            <Button onClick={() => setEditing(true)}>{STEP_MESSAGES.editStepDatesTitle}</Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
