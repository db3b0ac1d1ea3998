import { Suspense } from 'react';
import { lazyNamed } from '../../ui/lazyNamed.ts';
import { hasAccountFlag, useSession } from '../auth/index.ts';
import { PublicHome } from './PublicHome.tsx';
import { ReturningHome } from './ReturningHome.tsx';

// Only signed-in people need the dashboard and the step rules behind it.
const PersonalDashboard = lazyNamed(() => import('../dashboard/PersonalDashboard.tsx'), 'PersonalDashboard');

/** Home, three variants (spec part 1 §2): signed in, returning (this browser has had an account), public. */
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
