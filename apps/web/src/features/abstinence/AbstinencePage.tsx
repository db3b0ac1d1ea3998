import {
  type AbstinencePeriod,
  type AbstinenceRecord,
  currentPeriod,
  isCalendarDay,
  removeSlip,
} from '@sam/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/http.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message, type Tone } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt, RequireDataKey } from '../auth/index.ts';
import styles from './abstinence.module.css';
import { CorrectPeriodDialog } from './CorrectPeriodDialog.tsx';
import { Counter, Milestones } from './Counter.tsx';
import { PeriodHistory } from './PeriodHistory.tsx';
import { SlipDialog } from './SlipDialog.tsx';
import { StartForm } from './StartDateForm.tsx';
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
        <PeriodHistory
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
