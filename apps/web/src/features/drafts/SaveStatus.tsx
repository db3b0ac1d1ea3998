import { Button } from '../../ui/Button.tsx';
import { formatDateOnFirstUse } from '../../ui/dateFormat.ts';
import styles from './drafts.module.css';
import type { SaveState } from './useAutosave.ts';

const formatTime = formatDateOnFirstUse({ hour: '2-digit', minute: '2-digit' });

export const SAVE_STATUS_TEXT = {
  pending: 'Not saved yet',
  saving: 'Saving…',
  saved: (at: Date) => `Saved at ${formatTime(at)}`,
  offline: 'You are offline. Your writing is kept on this device and will be saved when you are back online.',
  failed: (message: string) => `Not saved: ${message}`,
  retry: 'Retry',
} as const;

/**
 * Where saving stands, beside the editor it belongs to: heard by screen readers as it changes (a failure
 * at once), with Retry on a failure. Retry keeps everything typed.
 */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state.kind === 'failed') {
    return (
      <div className={`${styles.status} ${styles.failed}`} role="alert">
        <span>{SAVE_STATUS_TEXT.failed(state.message)}</span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {SAVE_STATUS_TEXT.retry}
        </Button>
      </div>
    );
  }
  const text =
    state.kind === 'saving'
      ? SAVE_STATUS_TEXT.saving
      : state.kind === 'saved'
        ? SAVE_STATUS_TEXT.saved(state.at)
        : state.kind === 'offline'
          ? SAVE_STATUS_TEXT.offline
          : state.kind === 'pending'
            ? SAVE_STATUS_TEXT.pending
            : '';
  return (
    <p className={`${styles.status} ${state.kind === 'offline' ? styles.offline : ''}`} role="status">
      {text}
    </p>
  );
}
