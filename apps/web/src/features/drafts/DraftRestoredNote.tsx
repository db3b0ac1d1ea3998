import { Button } from '../../ui/Button.tsx';
import styles from './drafts.module.css';

export const DRAFT_MESSAGES = {
  restored: 'Draft restored',
  restoredHint: 'What you typed before is back. It is saved once you keep writing or press Save.',
  /** For a form that saves only on its Save button. */
  restoredUntilSave: 'What you typed before is back. Press Save to keep it.',
  discard: 'Discard',
  discardTitle: 'Discard this draft?',
  discardText: 'The text you typed before goes away and the last saved version comes back.',
  keep: 'Keep the draft',
} as const;

/** "Draft restored · Discard": shown above a form that got back what was typed before. */
export function DraftRestoredNote({
  onDiscard,
  hint = DRAFT_MESSAGES.restoredHint,
}: {
  onDiscard: () => void;
  hint?: string;
}) {
  return (
    <div className={styles.restored} role="status">
      <p className={styles.restoredText}>
        <strong>{DRAFT_MESSAGES.restored}</strong>
        <span aria-hidden="true"> · </span>
        <span className={styles.restoredHint}>{hint}</span>
      </p>
      <Button size="sm" variant="secondary" onClick={onDiscard}>
        {DRAFT_MESSAGES.discard}
      </Button>
    </div>
  );
}
