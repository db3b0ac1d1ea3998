import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import styles from './abstinence.module.css';
import { ABSTINENCE_WORDING as W } from './wording.ts';

/** The end of a dialog's form: what is wrong with it, if anything, then save and cancel. */
export function SaveOrCancel({
  problem,
  busy,
  saveLabel,
  onCancel,
}: {
  problem: string | null;
  busy: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {problem ? <Message tone="danger">{problem}</Message> : null}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          {saveLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {W.cancel}
        </Button>
      </div>
    </>
  );
}
