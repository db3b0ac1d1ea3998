import {
  journeyMessage,
  SAA_PROGRAM,
  STEP_MESSAGES,
  STEP_STATUS_LABELS,
  type StepStatus,
  stepStatus,
} from '@sam/core';
import { Link } from 'react-router';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { LoginPrompt, useSession } from '../auth/index.ts';
import { recordsByNumber } from './stepState.ts';
import styles from './steps.module.css';
import { stepPath } from './steps.ts';
import { useJourney, useProgressList } from './useProgress.ts';

const TRACK = SAA_PROGRAM.tracks[0];

const BADGE_CLASS: Record<StepStatus, string | undefined> = {
  'not-started': styles.badgeNotStarted,
  'in-progress': styles.badgeInProgress,
  completed: styles.badgeCompleted,
};

const BADGE_ICON: Record<StepStatus, string> = { 'not-started': '○', 'in-progress': '◐', completed: '✓' };

/** /programs/saa/12-steps: the twelve steps with their status. */
export function StepListPage() {
  const { user } = useSession();
  const progress = useProgressList();
  const journey = useJourney();
  const records = recordsByNumber(progress.data);
  const message =
    user && progress.data && journey.data ? journeyMessage(records, journey.data.opted_out) : null;
  const steps = TRACK?.steps ?? [];
  return (
    <Page title={TRACK?.title ?? "Working SAA's 12 Steps"}>
      <LoginPrompt>{STEP_MESSAGES.loginPrompt}</LoginPrompt>
      {message ? (
        <Message tone={message.kind === 'not-started' ? 'info' : 'success'}>{message.text}</Message>
      ) : null}
      {user && progress.isError && !progress.data ? (
        <Message tone="warning">We could not load your progress right now. The steps are below.</Message>
      ) : null}
      <ol className={styles.list} aria-label="The 12 steps">
        {steps.map((step) => {
          const status = user && progress.data ? stepStatus(records.get(step.number)) : null;
          return (
            <li key={step.number} className={styles.stepCard}>
              <div className={styles.cardTop}>
                <span className={styles.number} aria-hidden="true">
                  {step.number}
                </span>
                <h2 className={styles.cardTitle}>
                  <Link to={stepPath(step.number)} className={styles.cardLink}>
                    {step.title}: {step.name}
                  </Link>
                </h2>
              </div>
              <p className={styles.cardText}>{step.statement}</p>
              {status ? (
                <p className={styles.badgeRow}>
                  <span className={`${styles.badge} ${BADGE_CLASS[status] ?? ''}`}>
                    <span aria-hidden="true">{BADGE_ICON[status]} </span>
                    <span className={styles.visuallyHidden}>Status: </span>
                    {STEP_STATUS_LABELS[status]}
                  </span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Page>
  );
}
