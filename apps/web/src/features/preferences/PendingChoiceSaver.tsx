import { onboardingSave } from '@sam/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { takePendingChoice } from './pendingChoice.ts';
import { useFetchPreferences, useSavePreferences } from './usePreferences.ts';

/**
 * Saves an onboarding choice made before signing in, once `userId` is signed in, and leaves the onboarding
 * page for home. Mounted by PreferencesEffects for a signed-in user, with the query client.
 */
export function PendingChoiceSaver({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const fetchPreferences = useFetchPreferences();
  const save = useSavePreferences();
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;

  useEffect(() => {
    const pending = takePendingChoice(sessionStorage);
    if (!pending) return;
    void (async () => {
      try {
        const existing = await fetchPreferences(userId);
        const body = onboardingSave(existing, pending.choice);
        if (body) await saveRef.current(body);
      } catch (error) {
        console.error('Failed to save program preferences', error);
      }
      if (window.location.pathname === '/onboarding') navigate('/');
    })();
  }, [userId, fetchPreferences, navigate]);

  return null;
}
