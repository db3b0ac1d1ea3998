import {
  type AbstinencePeriod,
  type AbstinenceRecord,
  abstinenceHistory,
  type CalendarDay,
  dayCount,
  longDay,
  shortDay,
} from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import styles from './abstinence.module.css';
import { ABSTINENCE_WORDING as W } from './wording.ts';

/** Every period, newest first, with its length, its slip and note, Correct and This was not a slip. */
export function PeriodHistory({
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
