import { Suspense } from 'react';
import { lazyServerState } from '../../app/lazyServerState.tsx';
import { hasAccountFlag, useSession } from '../auth/index.ts';
import { PublicHome } from './PublicHome.tsx';
import { ReturningHome } from './ReturningHome.tsx';

// Only signed-in people need the dashboard and the step rules behind it.
const PersonalDashboard = lazyServerState(
  // biome-ignore lint/style/noRestrictedImports: a lazy screen is loaded by its own file, so it stays a chunk of its own
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
