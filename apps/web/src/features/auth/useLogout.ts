import { AUTH_MESSAGES } from '@sam/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useServerQueryClient } from '../../app/serverState.tsx';
import { clearDataKeys } from '../../crypto/index.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { clearDrafts } from '../drafts/index.ts';
import { authApi } from './api.ts';
import { keepDeviceSettings } from './deviceSettings.ts';
import { forgetPendingKeks } from './pendingKeks.ts';
import { useSession } from './sessionContext.ts';
import { setHasAccountFlag } from './storedSession.ts';

/**
 * Logout: the 'Logging out...' alert first; when it closes, revoke the session on the
 * server, forget the data key and the stored session, and go home. The server's reply carries
 * Clear-Site-Data, which wipes localStorage, so the account flag and the device's settings (a remembered
 * e-mail, the idle lock, the neutral title) are written again after it.
 */
export function useLogout(): () => Promise<void> {
  const dialogs = useDialogs();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useServerQueryClient();

  return useCallback(async () => {
    await dialogs.alert({
      variant: 'success',
      title: AUTH_MESSAGES.loggingOutTitle,
      message: AUTH_MESSAGES.loggedOut,
    });
    const restoreDeviceSettings = keepDeviceSettings(localStorage);
    try {
      await authApi.logout();
    } catch (error) {
      console.warn('Logout request failed; clearing this browser anyway', error);
    }
    await clearDataKeys().catch((error) => console.warn('Could not clear the data key store', error));
    // Drafts go with the key that could open them.
    await clearDrafts().catch((error) => console.warn('Could not clear the drafts', error));
    forgetPendingKeks();
    session.endSession();
    queryClient.clear();
    setHasAccountFlag(localStorage, true);
    restoreDeviceSettings();
    navigate('/');
  }, [dialogs, session, navigate, queryClient]);
}
