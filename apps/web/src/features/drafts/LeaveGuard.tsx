import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { useDialogs } from '../../ui/dialogs/dialogsContext.ts';
import { saveWhatCanBeSaved, UnsavedWorkContext, unsavedWorkRegistry } from './unsavedWork.ts';

export { LEAVE_WITHOUT_ASKING } from './unsavedWork.ts';

export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  device:
    'Some of your writing is not saved yet. It is kept as a draft on this device, locked with your key, and comes back when you return to this page.',
  tab: 'What you typed is not saved, because you are not signed in. It stays in this tab until you close or reload it. Sign in to keep it.',
  stay: 'Stay on this page',
  leave: 'Leave',
} as const;

/**
 * The one leave guard of the app: before a navigation away from a page with unsaved writing it tries to
 * save; if that cannot be done (offline, a failure, a visitor), it asks first. Closing or reloading the tab
 * with unsaved writing asks through the browser's own prompt.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const registry = useMemo(() => unsavedWorkRegistry(null), []);
  const dialogs = useDialogs();

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        currentLocation.pathname !== nextLocation.pathname &&
        !(nextLocation.state as { leaveWithoutAsking?: boolean } | null)?.leaveWithoutAsking &&
        registry.pending().length > 0,
      [registry],
    ),
  );

  const deciding = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || deciding.current) return;
    deciding.current = true;
    void (async () => {
      const left = await saveWhatCanBeSaved(registry);
      const go =
        left.length === 0 ||
        (await dialogs.confirm({
          title: LEAVE_MESSAGES.title,
          message: left.some((w) => w.keptOn === 'tab') ? LEAVE_MESSAGES.tab : LEAVE_MESSAGES.device,
          variant: 'warning',
          confirmText: LEAVE_MESSAGES.leave,
          cancelText: LEAVE_MESSAGES.stay,
          safeAnswer: 'cancel',
        }));
      deciding.current = false;
      if (go) blocker.proceed();
      else blocker.reset();
    })();
  });

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (registry.pending().length === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [registry]);

  return <UnsavedWorkContext.Provider value={registry}>{children}</UnsavedWorkContext.Provider>;
}
