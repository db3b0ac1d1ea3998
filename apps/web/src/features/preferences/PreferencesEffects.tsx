import { isTrackedPage, onboardingSave, pageTitleFrom } from '@sam/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/index.ts';
import { recordVisit } from './lastVisit.ts';
import { takePendingChoice } from './pendingChoice.ts';
import { useFetchPreferences, useSavePreferences } from './usePreferences.ts';

/**
 * Mounted once in the shell, for a signed-in user: records the last page visit (every page except /,
 * with the page's title as it settles) and saves an onboarding choice made before signing in.
 */
export function PreferencesEffects() {
  const { user } = useSession();
  const userId = user?.sub ?? null;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const fetchPreferences = useFetchPreferences();
  const save = useSavePreferences();
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;

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

  useEffect(() => {
    if (!userId) return;
    const pending = takePendingChoice(sessionStorage);
    if (!pending) return;
    void (async () => {
      try {
        const existing = await fetchPreferences(userId);
        const body = onboardingSave(existing, pending.choice, pending.recommended);
        if (body) await saveRef.current(body);
      } catch (error) {
        console.error('Failed to save program preferences', error);
      }
      if (window.location.pathname === '/onboarding') navigate('/');
    })();
  }, [userId, fetchPreferences, navigate]);

  return null;
}
