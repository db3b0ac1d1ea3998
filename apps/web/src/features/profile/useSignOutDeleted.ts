import { PROFILE_UI_MESSAGES } from '@sam/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useServerQueryClient } from '../../app/serverState.tsx';
import { clearDataKeys } from '../../crypto/index.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { forgetPendingKeks, setHasAccountFlag, setRememberedEmail, useSession } from '../auth/index.ts';
import { clearDrafts } from '../drafts/index.ts';

/**
 * After the account is deleted: forget this browser's data key and session as logout does (the server
 * has already ended the session with the account), go home and say so kindly. Unlike logout, the
 * "has an account" flag and a remembered e-mail are cleared: there is no account to come back to.
 */
export function useSignOutDeleted(): () => Promise<void> {
  const session = useSession();
  const queryClient = useServerQueryClient();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  return useCallback(async () => {
    await clearDataKeys().catch((error) => console.warn('Could not clear the data key store', error));
    // Drafts go with the key that could open them.
    await clearDrafts().catch((error) => console.warn('Could not clear the drafts', error));
    forgetPendingKeks();
    session.endSession();
    queryClient.clear();
    setHasAccountFlag(localStorage, false);
    setRememberedEmail(localStorage, null);
    navigate('/');
    await dialogs.alert({
      variant: 'success',
      title: PROFILE_UI_MESSAGES.accountDeletedTitle,
      message: PROFILE_UI_MESSAGES.accountDeleted,
    });
  }, [session, queryClient, navigate, dialogs]);
}
