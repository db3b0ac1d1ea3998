import type { SessionUser } from '@sam/core';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Page } from '../../ui/Page.tsx';
import { SmallExploreCards } from '../home/SmallExploreCards.tsx';
import styles from './dashboard.module.css';

/** The signed-in home page. The full program dashboard (spec part 1 §2 "Dashboard") comes next. */
export function PersonalDashboard({ user }: { user: SessionUser }) {
  return (
    <Page
      title={`Welcome, ${user.name}`}
      documentTitle="Personal Dashboard"
      eyebrow="Personal Dashboard"
      intro={
        <p>
          Your dashboard, with your primary program and your next step, is the next thing being built here.
          For now, you can go straight to the steps.
        </p>
      }
    >
      <div className={styles.grid}>
        <Card
          title="SAA's 12 Steps"
          actions={
            <>
              <ButtonLink to="/programs/saa/12-steps">My SAA 12 Step Progress</ButtonLink>
              <ButtonLink to="/programs/saa/12-steps/step-1" variant="secondary">
                Start Step 1
              </ButtonLink>
            </>
          }
        >
          <p>One step at a time, at your own pace.</p>
        </Card>
        <SmallExploreCards />
      </div>
    </Page>
  );
}
