import { Suspense, useSyncExternalStore } from 'react';
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

/** Another tab signs in, out or starts over. */
function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}
const nothingToSubscribe = () => () => undefined;

/**
 * Home, three variants: signed in, returning (this browser has had an account), public. While React takes
 * over the prerendered page it renders what the build rendered (a first-time visitor's home, from empty
 * storage), so the markup matches; right after, what this browser keeps decides.
 */
export function HomePage() {
  const { user } = useSession();
  const hasAccount = useSyncExternalStore(
    subscribeToStorage,
    () => hasAccountFlag(localStorage),
    () => false,
  );
  const prerendered = useSyncExternalStore(
    nothingToSubscribe,
    () => false,
    () => true,
  );
  if (user) {
    return (
      <Suspense fallback={null}>
        <PersonalDashboard user={user} />
      </Suspense>
    );
  }
  return hasAccount ? <ReturningHome /> : <PublicHome prerendered={prerendered} />;
}
