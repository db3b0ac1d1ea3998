import { abstinentDays, currentPeriod, dayCount, milestoneToday } from '@sam/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { ABSTINENCE_PATH, useAbstinence, useToday } from '../abstinence/index.ts';
import { useDataCipher } from '../auth/index.ts';
import { CHECK_IN_PATH, useCheckInDays } from '../checkIns/index.ts';
import styles from './dashboard.module.css';
import { MIDDLE_CIRCLE_WORDING, MiddleCircleDialog } from './MiddleCircleDialog.tsx';

export const RECOVERY_TODAY_WORDING = {
  title: 'Today',
  setStart: 'Set your abstinence start date',
  abstinence: 'Abstinence days',
  ofAbstinence: 'of abstinence',
  milestone: (label: string) => `Today is a milestone: ${label}`,
  checkInDone: 'Tonight’s check-in: done',
  checkIn: 'Check in tonight',
} as const;
const W = RECOVERY_TODAY_WORDING;

/** Beside the current step: the day counter, tonight's check-in, and a way to reach out. */
export function RecoveryTodayCard() {
  const [reaching, setReaching] = useState(false);
  return (
    <section className={styles.today} aria-labelledby="recovery-today">
      <h2 id="recovery-today" className={styles.todayTitle}>
        {W.title}
      </h2>
      <Counter />
      <CheckInState />
      <Button variant="secondary" size="sm" onClick={() => setReaching(true)}>
        {MIDDLE_CIRCLE_WORDING.button}
      </Button>
      {reaching ? <MiddleCircleDialog onClose={() => setReaching(false)} /> : null}
    </section>
  );
}

function Counter() {
  const { status } = useDataCipher();
  const today = useToday();
  const load = useAbstinence(status === 'ready');
  if (load.status !== 'ready') {
    // Locked, loading, or a record this browser cannot open: the page itself says more.
    return (
      <p className={styles.todayLine}>
        <Link to={ABSTINENCE_PATH}>{W.abstinence}</Link>
      </p>
    );
  }
  const current = currentPeriod(load.record);
  if (!current) {
    return (
      <p className={styles.todayLine}>
        <Link to={ABSTINENCE_PATH}>{W.setStart}</Link>
      </p>
    );
  }
  const milestone = milestoneToday(current.start, today);
  return (
    <div className={styles.todayLine}>
      <p className={styles.dayCount}>
        <Link to={ABSTINENCE_PATH}>
          <strong>{dayCount(abstinentDays(load.record, today) ?? 0)}</strong> {W.ofAbstinence}
        </Link>
      </p>
      {milestone ? <p className={styles.milestone}>{W.milestone(milestone.label)}</p> : null}
    </div>
  );
}

function CheckInState() {
  const today = useToday();
  const { list, days } = useCheckInDays();
  if (!list.data) {
    return (
      <p className={styles.todayLine}>
        <Link to={CHECK_IN_PATH}>{W.checkIn}</Link>
      </p>
    );
  }
  return days.has(today) ? (
    <p className={styles.todayLine}>
      <Link to={CHECK_IN_PATH}>{W.checkInDone}</Link>
    </p>
  ) : (
    <p className={styles.todayLine}>
      <Link to={CHECK_IN_PATH}>{W.checkIn}</Link>
    </p>
  );
}
