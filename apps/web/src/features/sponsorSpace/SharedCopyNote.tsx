import { Message } from '../../ui/Message.tsx';
import { useSharedCopyNote } from './sharedCopyNote.ts';
import styles from './sponsorSpace.module.css';

/** Says, without blocking anything, that a sponsor's copy missed a save. */
export function SharedCopyNote() {
  const note = useSharedCopyNote();
  if (!note) return null;
  return (
    <div className={styles.note}>
      <Message tone="warning">{note}</Message>
    </div>
  );
}
