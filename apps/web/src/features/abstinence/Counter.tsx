import {
  type AbstinencePeriod,
  type AbstinenceRecord,
  abstinentDays,
  type CalendarDay,
  dayCount,
  longDay,
  milestoneToday,
  nextMilestone,
  reachedMilestones,
  shortDay,
} from '@sam/core';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './abstinence.module.css';
import { type Commit, StartDateForm } from './StartDateForm.tsx';
import { ABSTINENCE_WORDING as W } from './wording.ts';

/** The running count: its days, a milestone to celebrate, the next one, Record a slip and Change start date. */
export function Counter({
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

/** Every milestone the running count has reached, with its day. */
export function Milestones({ start, today }: { start: CalendarDay; today: CalendarDay }) {
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
