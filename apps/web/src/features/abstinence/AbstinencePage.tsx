import {
  type AbstinencePeriod,
  type AbstinenceRecord,
  abstinenceHistory,
  abstinenceProblem,
  abstinentDays,
  type CalendarDay,
  currentPeriod,
  dayCount,
  isCalendarDay,
  longDay,
  milestoneToday,
  nextMilestone,
  reachedMilestones,
  removeSlip,
  setAbstinenceStart,
  shortDay,
} from '@sam/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message, type Tone } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { LoginPrompt, RequireDataKey } from '../auth/index.ts';
import styles from './abstinence.module.css';
import { CorrectPeriodDialog } from './CorrectPeriodDialog.tsx';
import { newPeriodId } from './periodId.ts';
import { SlipDialog } from './SlipDialog.tsx';
import { StaleAbstinenceError, useAbstinence, useSaveAbstinence } from './useAbstinence.ts';
import { useToday } from './useToday.ts';
import { ABSTINENCE_WORDING as W } from './wording.ts';

/** /programs/saa/abstinence: the day counter, its milestones, slips and the history of every period. */
export function AbstinencePage() {
  return (
    <Page title={W.title} eyebrow="SAA" intro={<p>{W.intro}</p>}>
      <RequireDataKey signedOut={<LoginPrompt>{W.signIn}</LoginPrompt>}>
        <AbstinenceTracker />
      </RequireDataKey>
    </Page>
  );
}

type Status = { tone: Tone; text: string } | null;

function AbstinenceTracker() {
  const load = useAbstinence();
  if (load.status === 'loading') return <Spinner message={W.loading} />;
  if (load.status === 'error') return <Message tone="danger">{W.loadFailed}</Message>;
  // A record this browser cannot open is shown as such and never replaced by an empty one.
  if (load.status === 'unreadable') return <Message tone="danger">{W.unreadable}</Message>;
  return <Tracker record={load.record} revision={load.revision} />;
}

function Tracker({ record, revision }: { record: AbstinenceRecord; revision: number }) {
  const today = useToday();
  const save = useSaveAbstinence();
  const dialogs = useDialogs();
  const [params, setParams] = useSearchParams();
  const askedSlipDay = params.get('slip');
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [slipOpen, setSlipOpen] = useState(askedSlipDay !== null);
  const [correcting, setCorrecting] = useState<AbstinencePeriod | null>(null);
  const current = currentPeriod(record);

  /** Saves `next` and says so; false when it was not saved (the reason is shown). */
  const commit = async (next: AbstinenceRecord, done: string): Promise<boolean> => {
    setBusy(true);
    setStatus(null);
    try {
      await save(next, revision);
      setStatus({ tone: 'success', text: done });
      return true;
    } catch (error) {
      const text = error instanceof StaleAbstinenceError ? error.message : errorMessage(error, W.saveFailed);
      setStatus({ tone: 'danger', text });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const closeSlip = () => {
    setSlipOpen(false);
    if (askedSlipDay !== null) setParams({}, { replace: true });
  };

  const takeBack = async (period: AbstinencePeriod) => {
    const yes = await dialogs.confirm({
      title: W.notASlipTitle,
      message: W.notASlipText,
      confirmText: W.notASlipConfirm,
      cancelText: W.notASlipKeep,
    });
    if (yes) await commit(removeSlip(record, period.id), W.slipTakenBack);
  };

  const ended = record.periods.some((p) => p.end !== null);
  return (
    <div className={styles.stack}>
      {status ? <Message tone={status.tone}>{status.text}</Message> : null}
      {current ? (
        <Counter
          record={record}
          current={current}
          today={today}
          busy={busy}
          onSlip={() => setSlipOpen(true)}
          commit={commit}
        />
      ) : (
        <StartForm record={record} today={today} busy={busy} commit={commit} />
      )}
      {current ? <Milestones start={current.start} today={today} /> : null}
      {ended ? (
        <History
          record={record}
          today={today}
          busy={busy}
          onCorrect={setCorrecting}
          onTakeBack={(p) => void takeBack(p)}
        />
      ) : null}
      {slipOpen && current ? (
        <SlipDialog
          record={record}
          today={today}
          initialDay={askedSlipDay !== null && isCalendarDay(askedSlipDay) ? askedSlipDay : null}
          save={commit}
          onClose={closeSlip}
        />
      ) : null}
      {correcting ? (
        <CorrectPeriodDialog
          record={record}
          period={correcting}
          today={today}
          save={commit}
          onClose={() => setCorrecting(null)}
        />
      ) : null}
    </div>
  );
}

type Commit = (next: AbstinenceRecord, done: string) => Promise<boolean>;

/** The start date, for the first count or a change of the running one; checked before it is saved. */
function StartDateForm({
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

function StartForm(props: { record: AbstinenceRecord; today: CalendarDay; busy: boolean; commit: Commit }) {
  return (
    <section className={styles.panel} aria-labelledby="start-heading">
      <h2 id="start-heading" className={styles.panelTitle}>
        {W.startHeading}
      </h2>
      <StartDateForm {...props} initial={props.today} submitLabel={W.startButton} />
    </section>
  );
}

function Counter({
  record,
  current,
  today,
  busy,
  onSlip,
  commit,
}: {
  record: AbstinenceRecord;
  current: AbstinencePeriod;
  today: CalendarDay;
  busy: boolean;
  onSlip: () => void;
  commit: Commit;
}) {
  const [editing, setEditing] = useState(false);
  const days = abstinentDays(record, today) ?? 0;
  const milestone = milestoneToday(current.start, today);
  const next = nextMilestone(current.start, today);
  return (
    <section className={styles.counter} aria-labelledby="count-heading">
      <p className={styles.kicker}>Your abstinence</p>
      <h2 id="count-heading" className={styles.count}>
        {dayCount(days)}
      </h2>
      <p className={styles.since}>
        {W.since} {longDay(current.start)}
      </p>
      {milestone ? (
        <div className={styles.celebration} role="status">
          <svg className={styles.star} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z" />
          </svg>
          <div>
            <p className={styles.celebrationTitle}>{W.milestoneToday(milestone.label)}</p>
            <p>{W.milestoneCheer}</p>
          </div>
        </div>
      ) : null}
      {next ? (
        <p className={styles.next}>
          {W.nextMilestone}: <strong>{next.label}</strong> on {longDay(next.day)}
        </p>
      ) : null}
      {editing ? (
        <StartDateForm
          record={record}
          today={today}
          busy={busy}
          commit={commit}
          initial={current.start}
          submitLabel={W.saveStart}
          onCancel={() => setEditing(false)}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onSlip} disabled={busy}>
            {W.recordSlip}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(true)} disabled={busy}>
            {W.changeStart}
          </Button>
        </div>
      )}
    </section>
  );
}

function Milestones({ start, today }: { start: CalendarDay; today: CalendarDay }) {
  const reached = reachedMilestones(start, today);
  return (
    <section className={styles.panel} aria-labelledby="milestones-heading">
      <h2 id="milestones-heading" className={styles.panelTitle}>
        {W.reachedHeading}
      </h2>
      {reached.length === 0 ? (
        <p className={styles.muted}>{W.noneReached}</p>
      ) : (
        <ol className={styles.milestones}>
          {reached.map((m) => (
            <li key={m.label} className={styles.milestone}>
              <span className={styles.milestoneLabel}>{m.label}</span>
              <span className={styles.milestoneDay}>{shortDay(m.day)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function History({
  record,
  today,
  busy,
  onCorrect,
  onTakeBack,
}: {
  record: AbstinenceRecord;
  today: CalendarDay;
  busy: boolean;
  onCorrect: (period: AbstinencePeriod) => void;
  onTakeBack: (period: AbstinencePeriod) => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="history-heading">
      <h2 id="history-heading" className={styles.panelTitle}>
        {W.historyHeading}
      </h2>
      <p className={styles.muted}>{W.historyIntro}</p>
      <ol className={styles.history}>
        {abstinenceHistory(record, today).map(({ days, ...period }) => {
          const range = `${shortDay(period.start)} to ${period.end ? shortDay(period.end) : 'today'}`;
          return (
            <li key={period.id} className={styles.period}>
              <p className={styles.periodRange}>
                {range}
                <span className={styles.periodDays}>
                  {' '}
                  · {dayCount(days)}
                  {period.end ? '' : ` · ${W.running}`}
                </span>
              </p>
              {period.end ? <p className={styles.muted}>Slip on {longDay(period.end)}</p> : null}
              {period.slipNote ? <p className={styles.note}>{period.slipNote}</p> : null}
              <div className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  aria-label={`${W.correct}: ${range}`}
                  onClick={() => onCorrect(period)}
                >
                  {W.correct}
                </Button>
                {period.end ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    aria-label={`${W.notASlip}: the slip on ${shortDay(period.end)}`}
                    onClick={() => onTakeBack(period)}
                  >
                    {W.notASlip}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
