import { useCallback } from 'react';
import { useDialogs } from '../../ui/dialogs/dialogsContext.ts';
import { DRAFT_MESSAGES } from './DraftRestoredNote.tsx';

export const CLOSE_GUARD_MESSAGES = {
  title: 'Close without saving?',
  device:
    'What you typed is not saved yet. It is kept as a draft on this device and comes back when you open this again.',
  tab: 'What you typed is not saved, because you are not signed in. It comes back if you open this again before you close or reload this tab.',
  keepEditing: 'Keep editing',
  close: 'Close anyway',
} as const;

/**
 * For a dialog with a form: Escape, a click outside or the close button first ask when something typed
 * is not saved. Resolves true when the dialog may close (the draft stays).
 */
export function useCloseGuard(): (unsaved: boolean, keptOn?: 'device' | 'tab') => Promise<boolean> {
  const dialogs = useDialogs();
  return useCallback(
    async (unsaved, keptOn = 'device') =>
      !unsaved ||
      dialogs.confirm({
        title: CLOSE_GUARD_MESSAGES.title,
        message: keptOn === 'tab' ? CLOSE_GUARD_MESSAGES.tab : CLOSE_GUARD_MESSAGES.device,
        variant: 'warning',
        confirmText: CLOSE_GUARD_MESSAGES.close,
        cancelText: CLOSE_GUARD_MESSAGES.keepEditing,
        safeAnswer: 'cancel',
      }),
    [dialogs],
  );
}

/** Discarding a restored draft deletes what was typed, so it is confirmed first (the danger confirm). */
export function useConfirmDiscard(): () => Promise<boolean> {
  const dialogs = useDialogs();
  return useCallback(
    () =>
      dialogs.confirm({
        title: DRAFT_MESSAGES.discardTitle,
        message: DRAFT_MESSAGES.discardText,
        variant: 'danger',
        confirmText: DRAFT_MESSAGES.discard,
        cancelText: DRAFT_MESSAGES.keep,
      }),
    [dialogs],
  );
}
