import {
  currentStep,
  dashboardState,
  type ProgramId,
  type SessionUser,
  stepRoute,
  trackRoute,
} from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SmallExploreCards } from '../home/index.ts';
import { hasStepTools, useComingSoonAlert, usePreferences } from '../preferences/index.ts';
import { programById } from '../programs/index.ts';
import { RecoveryCodeCard } from '../recoveryCode/index.ts';
import { recordsByNumber, useProgressList } from '../steps/index.ts';
import styles from './dashboard.module.css';
import { RecoveryTodayCard } from './RecoveryTodayCard.tsx';

export const DASHBOARD_MESSAGES = {
  loadFailed: "We're having trouble loading your progress right now. Please try again in a moment.",
  tryAgain: 'Try Again',
  loading: 'Loading your dashboard...',
} as const;

/** The signed-in home page, the dashboard: loading, error, no primary program, main. */
export function PersonalDashboard({ user }: { user: SessionUser }) {
  const preferences = usePreferences();
  const progress = useProgressList();
  const state = dashboardState({
    preferences: { status: preferences.status, data: preferences.data },
    progressPending: progress.isPending,
    primaryHasSteps: hasStepTools,
  });
  const primary = preferences.data?.primaryProgram ?? null;
  return (
    <Page title={`Welcome, ${user.name}`} documentTitle="Personal Dashboard" eyebrow="Personal Dashboard">
      {/* Until a recovery code is confirmed saved, on any device (decision 48). */}
      <RecoveryCodeCard />
      {state === 'loading' ? <Spinner message={DASHBOARD_MESSAGES.loading} /> : null}
      {state === 'error' ? (
        <div className={styles.error}>
          <Message tone="danger">{DASHBOARD_MESSAGES.loadFailed}</Message>
          <Button
            onClick={() => void preferences.refetch()}
            busy={preferences.isFetching}
            busyLabel="Trying again..."
          >
            {DASHBOARD_MESSAGES.tryAgain}
          </Button>
        </div>
      ) : null}
      {state === 'no-primary' ? <NoPrimary /> : null}
      {state === 'main' && primary ? (
        <Main
          primary={primary}
          progress={progress.isError ? undefined : progress.data}
          withSaaTools={preferences.data?.selectedPrograms.includes('saa') ?? false}
        />
      ) : null}
    </Page>
  );
}

function NoPrimary() {
  return (
    <div className={styles.grid}>
      <Card title="Choose your program" actions={<ButtonLink to="/onboarding">Select My Program</ButtonLink>}>
        <p>
          Pick the recovery program you are working, and this page will show your next step. You can change it
          at any time.
        </p>
      </Card>
      <SmallExploreCards />
    </div>
  );
}

function Main({
  primary,
  progress,
  withSaaTools,
}: {
  primary: ProgramId;
  progress: Parameters<typeof recordsByNumber>[0];
  /** The abstinence days and the nightly check-in are SAA's tools. */
  withSaaTools: boolean;
}) {
  const program = programById(primary);
  const comingSoon = useComingSoonAlert();
  const withSteps = hasStepTools(primary);
  // A step load failure (or a program without step tools) falls back to step 1 not started.
  const step = currentStep(withSteps && progress ? recordsByNumber(progress) : null);
  const stepLabel = `${step.verb} Step ${step.number}`;
  const progressLabel = `My ${program.initials} 12 Step Progress`;
  return (
    <div className={styles.layout}>
      <section className={styles.primary} aria-labelledby="primary-program">
        <div className={styles.programTop}>
          <span className={styles.initials} aria-hidden="true">
            {program.initials}
          </span>
          <div>
            <p className={styles.kicker}>Your primary program</p>
            <h2 id="primary-program" className={styles.programName}>
              {program.fullName}
            </h2>
          </div>
        </div>
        <div className={styles.primaryActions}>
          {withSteps ? (
            <>
              <ButtonLink to={stepRoute(primary, '12-steps', step.number)} block>
                {stepLabel}
              </ButtonLink>
              <ButtonLink to={trackRoute(primary, '12-steps')} variant="secondary" block>
                {progressLabel}
              </ButtonLink>
            </>
          ) : (
            <>
              <Button onClick={() => void comingSoon()} block>
                {stepLabel}
              </Button>
              <Button variant="secondary" onClick={() => void comingSoon()} block>
                {progressLabel}
              </Button>
            </>
          )}
          <ButtonLink to={`/programs/${primary}`} variant="ghost" block>
            More {program.initials} Resources
          </ButtonLink>
        </div>
      </section>
      <div className={styles.side}>
        {withSaaTools ? <RecoveryTodayCard /> : null}
        <SmallExploreCards />
        <Card
          title="Update"
          size="small"
          actions={
            <>
              <ButtonLink to="/onboarding" variant="secondary" size="sm">
                Change my primary program
              </ButtonLink>
              <ButtonLink to="/recovery-programs" variant="secondary" size="sm">
                Add another program
              </ButtonLink>
            </>
          }
        >
          <p>Working more than one program, or switching?</p>
        </Card>
      </div>
    </div>
  );
}
