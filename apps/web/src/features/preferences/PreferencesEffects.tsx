import { isTrackedPage, pageTitleFrom } from '@sam/core';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { lazyServerState } from '../../app/lazyServerState.tsx';
import { useSession } from '../auth/index.ts';
import { recordVisit } from './lastVisit.ts';

// It reads and saves preferences, so it loads with the query client, and only for a signed-in user.
const PendingChoiceSaver = lazyServerState(() => import('./PendingChoiceSaver.tsx'), 'PendingChoiceSaver');

/**
 * Mounted once in the shell, for a signed-in user: records the last page visit (every page except /,
 * with the page's title as it settles) and saves an onboarding choice made before signing in.
 */
export function PreferencesEffects() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!userId || !isTrackedPage(pathname)) return;
    const lastPage = `${pathname}${search}`;
    const record = () =>
      recordVisit({
        userId,
        lastPage,
        lastPageTitle: pageTitleFrom(document.title),
        lastVisited: new Date().toISOString(),
      });
    record();
    // A page may set its title after this runs (e.g. once its data loads).
    const observer = new MutationObserver(record);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [userId, pathname, search]);

  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <PendingChoiceSaver userId={userId} />
    </Suspense>
  );
}
