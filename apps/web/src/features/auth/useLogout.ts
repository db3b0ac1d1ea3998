import { AUTH_MESSAGES, STORAGE_KEYS } from '@sam/core';
import { useCallback, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { holdSessionToken } from '../../app/http.ts';
import { useServerQueryClient } from '../../app/serverState.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import {
  LEAVE_WITHOUT_ASKING,
  saveWhatCanBeSaved,
  storedDraftPlaces,
  type UnsavedWorkRegistry,
  useUnsavedWorkRegistry,
} from '../drafts/index.ts';
import { keepDeviceSettings } from './deviceSettings.ts';
import { wipeDeviceData } from './deviceWipe.ts';
import { useSession } from './sessionContext.ts';
import { forgetSignInNow, WIPE_PENDING_KEY } from './signOutMarks.ts';
import { setHasAccountFlag } from './storedSession.ts';

/** How long Logout waits for the last unsaved writing to be saved before it asks instead. */
export const LOGOUT_SAVE_WAIT_MS = 8_000;
/** After a save, its draft is deleted a moment later: the drafts are listed again after this pause. */
const DRAFTS_SETTLE_MS = 300;

/** Logout, and `prepare` for when the menu holding it opens: it lists the device's drafts ahead. */
export type Logout = (() => void) & { prepare(): void };

/**
 * Ends the session on the server with the token it had, as a keepalive request, so it is sent even if the
 * tab closes now. True when the server ended it (or it had already ended); false without an answer.
 */
async function revokeOnServer(token: string | null): Promise<boolean> {
  if (!token) return true;
  try {
    const response = await fetch('/api/auth/logout', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    return response.ok || response.status === 401;
  } catch {
    return false;
  }
}

/** Writing that logging out would delete: on the page and not saved, or kept only as a draft here. */
async function writingLeft(registry: UnsavedWorkRegistry | null, userId: string | null): Promise<boolean> {
  const onPage = registry?.pending() ?? [];
  const left =
    registry && onPage.length > 0 ? await saveWhatCanBeSaved(registry, { waitMs: LOGOUT_SAVE_WAIT_MS }) : [];
  if (left.length > 0) return true;
  if (!userId) return false;
  if (onPage.length > 0) await new Promise((resolve) => setTimeout(resolve, DRAFTS_SETTLE_MS));
  return (await storedDraftPlaces(userId).catch(() => [])).length > 0;
}

/**
 * Logout wipes first and says so afterwards. On the tap, before any await, the token and the user leave
 * storage (a tab closed the next instant is signed out, and SAM finishes the wipe when it next starts).
 * With nothing unsaved, the server is asked at once to end the session. Otherwise the token is held in the
 * page while the unsaved writing is saved through its own save; what cannot be saved is named in a question
 * (keep writing / log out anyway), and the session ends when the page is closed meanwhile. Then the key,
 * the drafts and the cached server state go, and only then "You are logged out". The server's reply carries
 * Clear-Site-Data, which wipes localStorage, so the account flag and the device's settings (a remembered
 * e-mail, the idle lock, the quick exit lock, the neutral title) are written again after it.
 */
export function useLogout(): Logout {
  const dialogs = useDialogs();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useServerQueryClient();
  const registry = useUnsavedWorkRegistry();
  const userId = session.user?.id ?? null;
  /** The device's drafts as listed when the menu opened: null until known. */
  const draftsAhead = useRef<{ userId: string; count: number } | null>(null);
  const running = useRef(false);

  const prepare = useCallback(() => {
    draftsAhead.current = null;
    if (!userId) return;
    storedDraftPlaces(userId)
      .then((places) => {
        draftsAhead.current = { userId, count: places.length };
      })
      .catch(() => undefined);
  }, [userId]);

  const logout = useCallback(() => {
    if (running.current) return;
    running.current = true;
    const restoreDeviceSettings = keepDeviceSettings(localStorage);
    const userInfo = localStorage.getItem(STORAGE_KEYS.userInfo);
    // Synchronous, before anything else: from here on a closed tab is signed out.
    const token = forgetSignInNow(localStorage);
    holdSessionToken(token);
    let revoke: Promise<boolean> | null = null;
    const sendRevoke = () => {
      revoke ??= revokeOnServer(token);
      return revoke;
    };
    const onPageHide = () => void sendRevoke();
    window.addEventListener('pagehide', onPageHide);
    const known = draftsAhead.current;
    const nothingUnsaved =
      (registry?.pending().length ?? 0) === 0 &&
      known !== null &&
      known.userId === userId &&
      known.count === 0;
    if (nothingUnsaved) void sendRevoke();

    void (async () => {
      if (!nothingUnsaved && (await writingLeft(registry, userId))) {
        const anyway = await dialogs.confirm({
          title: AUTH_MESSAGES.logoutUnsavedTitle,
          message: AUTH_MESSAGES.logoutUnsaved,
          variant: 'warning',
          confirmText: AUTH_MESSAGES.logoutAnyway,
          cancelText: AUTH_MESSAGES.logoutKeepWriting,
          safeAnswer: 'cancel',
        });
        if (!anyway) {
          // Keep writing: the sign-in goes back where it was, untouched on the server.
          window.removeEventListener('pagehide', onPageHide);
          if (token) localStorage.setItem(STORAGE_KEYS.authToken, token);
          if (userInfo) localStorage.setItem(STORAGE_KEYS.userInfo, userInfo);
          localStorage.removeItem(WIPE_PENDING_KEY);
          holdSessionToken(null);
          running.current = false;
          return;
        }
      }
      const revoked = await sendRevoke();
      window.removeEventListener('pagehide', onPageHide);
      holdSessionToken(null);
      await wipeDeviceData();
      session.endSession();
      queryClient.clear();
      setHasAccountFlag(localStorage, true);
      restoreDeviceSettings();
      navigate('/', { state: LEAVE_WITHOUT_ASKING });
      running.current = false;
      await dialogs.alert({
        variant: revoked ? 'success' : 'warning',
        title: AUTH_MESSAGES.loggedOutTitle,
        message: revoked ? AUTH_MESSAGES.loggedOut : AUTH_MESSAGES.loggedOutOffline,
      });
    })();
  }, [dialogs, session, navigate, queryClient, registry, userId]);

  return useMemo(() => Object.assign(() => logout(), { prepare }), [logout, prepare]);
}
