import { useState } from 'react';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSession } from '../auth/index.ts';
import { readLastVisit, usePreferences } from '../preferences/index.ts';
import { PersonalHome } from './PersonalHome.tsx';
import { ProgramCards } from './ProgramCards.tsx';
import { RecoveryAnonymous } from './RecoveryAnonymous.tsx';
import { SetupJourney } from './SetupJourney.tsx';

export const PERSONAL_HOME_LOADING = 'Loading your personal home page...';

/**
 * /recovery-programs: the public program list for visitors; for a signed-in user the
 * setup screen when no preferences exist, else the personal home page.
 */
export function RecoveryProgramsPage() {
  const { user } = useSession();
  const preferences = usePreferences();
  // Read before this page records itself as the last visit (the tracker runs after the first render).
  const [lastVisit] = useState(() => {
    const visit = user ? readLastVisit(user.id) : null;
    return visit && new URL(visit.lastPage, window.location.origin).pathname !== '/recovery-programs'
      ? visit
      : null;
  });
  if (!user) return <RecoveryAnonymous />;
  if (preferences.isPending) {
    return (
      <Page title="My Recovery Journey">
        <Spinner message={PERSONAL_HOME_LOADING} />
      </Page>
    );
  }
  if (preferences.isError) {
    // A failed load is only logged (usePreferences): the program cards still show, so the programs stay
    // browsable.
    return (
      <Page title="My Recovery Journey">
        <ProgramCards />
      </Page>
    );
  }
  if (!preferences.data) return <SetupJourney />;
  return <PersonalHome preferences={preferences.data} lastVisit={lastVisit} />;
}
