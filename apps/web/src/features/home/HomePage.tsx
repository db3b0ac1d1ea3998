import { Suspense } from 'react';
import { lazyServerState } from '../../app/lazyServerState.tsx';
import { useSession } from '../auth/sessionContext.ts';
import { hasAccountFlag } from '../auth/storedSession.ts';
import { PublicHome } from './PublicHome.tsx';
import { ReturningHome } from './ReturningHome.tsx';

// Only signed-in people need the dashboard and the step rules behind it.
const PersonalDashboard = lazyServerState(
  () => import('../dashboard/PersonalDashboard.tsx'),
  'PersonalDashboard',
);

/** Home, three variants: signed in, returning (this browser has had an account), public. */
export function HomePage() {
  const { user } = useSession();
  if (user) {
    return (
      <Suspense fallback={null}>
        <PersonalDashboard user={user} />
      </Suspense>
    );
  }
  return hasAccountFlag(localStorage) ? <ReturningHome /> : <PublicHome />;
}
