import {
  type CalendarDay,
  checkInDayChoices,
  checkInsCsv,
  checkInsCsvFileName,
  weekdayAndDay,
} from '@sam/core';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { useDrawnInSlices } from '../../ui/useDrawnInSlices.ts';
import { useToday } from '../abstinence/index.ts';
import { LoginPrompt, RequireDataKey } from '../auth/index.ts';
import { CheckInCalendar } from './CheckInCalendar.tsx';
import { CheckInEditor } from './CheckInEditor.tsx';
import styles from './checkIns.module.css';
import { type CheckInsLoad, useCheckIns } from './useCheckIns.ts';
import { CHECK_IN_WORDING as W } from './wording.ts';

/** Loaded with the page (its route's loader): see readAhead.ts. */
export { readCheckInPageAhead } from './readAhead.ts';

/** /programs/saa/check-in: tonight's check-in (or one of the past week's), the calendar and the CSV. */
export function CheckInPage() {
  return (
    <Page title={W.title} eyebrow="SAA · Step 10" intro={<p>{W.intro}</p>}>
      <CheckIns />
    </Page>
  );
}

/** The picker's words for the n-th day back: 'Today (Thursday, Nov 26)', 'Yesterday (…)', … */
function dayName(day: CalendarDay, back: number): string {
  if (back === 0) return `${W.today} (${weekdayAndDay(day)})`;
  if (back === 1) return `${W.yesterday} (${weekdayAndDay(day)})`;
  return weekdayAndDay(day);
}

function CheckIns() {
  const load = useCheckIns();
  const today = useToday();
  const [params] = useSearchParams();
  const choices = checkInDayChoices(today);
  const asked = params.get('day');
  const [chosen, setChosen] = useState<CalendarDay | null>(asked && choices.includes(asked) ? asked : null);
  const day = chosen && choices.includes(chosen) ? chosen : today;
  const pickerId = useId();
  const drawn = useDrawnInSlices(load.status === 'ready');

  if (load.status === 'signed-out') return <LoginPrompt>{W.signIn}</LoginPrompt>;
  if (load.status === 'locked') return <RequireDataKey>{null}</RequireDataKey>;
  // One loading state from the key to the opened check-ins, in the room the page will take.
  if (load.status === 'loading' || (load.status === 'ready' && !drawn))
    return <PageLoading message={W.loading} />;
  if (load.status === 'error') return <Message tone="danger">{W.loadFailed}</Message>;
  const saved = load.checkIns.find((c) => c.day === day)?.content ?? null;
  const unreadable = load.unreadable.includes(day);

  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby="check-in-heading">
        <h2 id="check-in-heading" className={styles.sectionTitle}>
          {day === today ? 'Tonight’s check-in' : W.formHeading}
        </h2>
        <div className={fieldStyles.field}>
          <label htmlFor={pickerId} className={fieldStyles.label}>
            {W.dayLabel}
          </label>
          <select
            id={pickerId}
            className={styles.select}
            value={day}
            aria-describedby={`${pickerId}-hint`}
            onChange={(e) => setChosen(e.target.value)}
          >
            {choices.map((d, i) => (
              <option key={d} value={d}>
                {dayName(d, i)}
              </option>
            ))}
          </select>
          <p id={`${pickerId}-hint`} className={styles.hint}>
            {W.dayHint}
          </p>
        </div>
        {unreadable ? (
          <Message tone="danger">{W.unreadableDay}</Message>
        ) : (
          <CheckInEditor key={day} day={day} today={today} saved={saved} />
        )}
      </section>
      <div className={styles.side}>
        {load.unreadable.length > 0 ? (
          <Message tone="warning">{W.unreadableSome(load.unreadable.length)}</Message>
        ) : null}
        <CheckInCalendar checkIns={load.checkIns} today={today} />
        <Download load={load} today={today} />
      </div>
    </div>
  );
}

/** The CSV is made here from the decrypted check-ins and handed to the browser as a file. */
function Download({ load, today }: { load: Extract<CheckInsLoad, { status: 'ready' }>; today: CalendarDay }) {
  const download = () => {
    const csv = `\uFEFF${checkInsCsv(load.checkIns)}`;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = checkInsCsvFileName(today);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className={styles.download}>
      <Button variant="secondary" onClick={download} disabled={load.checkIns.length === 0}>
        {W.download}
      </Button>
      <p className={styles.hint}>{W.downloadHint}</p>
    </div>
  );
}
