import { formatDisplayDate, progressHistory, SAA_PROGRAM } from '@sam/core';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useJourney, useProgressList } from '../steps/index.ts';
import styles from './profile.module.css';

const SAA_STEPS = SAA_PROGRAM.tracks[0]?.steps ?? [];

/** Steps with work done: how many actions, and when completed or last worked on (dates if shown). */
export function ProgressHistoryTab() {
  const progress = useProgressList();
  const journey = useJourney();
  if (progress.isPending) return <Spinner message="Loading your progress..." />;
  if (progress.isError) return <Message tone="danger">Failed to get user progress</Message>;
  const rows = progressHistory(SAA_STEPS, progress.data);
  const showDates = journey.data ? !journey.data.opted_out : true;
  if (rows.length === 0) {
    return (
      <p className={styles.empty}>
        No step work yet. When you complete actions on a step, it will be listed here.
      </p>
    );
  }
  return (
    <>
      {showDates ? null : (
        <p className={styles.note}>Dates are hidden because you turned off completion dates and timelines.</p>
      )}
      <ul className={styles.history}>
        {rows.map((row) => (
          <li key={row.stepNumber} className={styles.historyItem}>
            <p className={styles.historyTitle}>
              <strong>
                {row.title}: {row.name}
              </strong>
              <span className={row.completed ? styles.pillDone : styles.pill}>
                {row.completed ? 'Completed' : 'In progress'}
              </span>
            </p>
            <p className={styles.historyMeta}>
              {row.completedActions} of {row.totalActions} actions completed
              {showDates && row.lastDate
                ? ` · ${row.completed ? 'Completed on' : 'Last worked on'} ${formatDisplayDate(row.lastDate)}`
                : ''}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
