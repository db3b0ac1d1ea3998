import { hasAccountFlag, useSession } from '../auth/index.ts';
import { PersonalDashboard } from '../dashboard/PersonalDashboard.tsx';
import { PublicHome } from './PublicHome.tsx';
import { ReturningHome } from './ReturningHome.tsx';

/** Home, three variants (spec part 1 §2): signed in, returning (this browser has had an account), public. */
export function HomePage() {
  const { user } = useSession();
  if (user) return <PersonalDashboard user={user} />;
  return hasAccountFlag(localStorage) ? <ReturningHome /> : <PublicHome />;
}
