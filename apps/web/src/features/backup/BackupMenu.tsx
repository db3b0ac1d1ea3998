import { BACKUP_MESSAGES } from '@sam/core';
import { useId } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './backup.module.css';
import { isMobile } from './exportFile.ts';

type Props = {
  status: 'loading' | 'error' | 'ready';
  hasData: boolean;
  onRetry(): void;
  onBackup(): void;
  onRestore(): void;
  onClear(): void;
};

/** The Backup and Restore dialog's body: the track, the three actions and phone tips. */
export function BackupMenu({ status, hasData, onRetry, onBackup, onRestore, onClear }: Props) {
  const selectId = useId();
  const noteId = useId();
  return (
    <div className={styles.stack}>
      <div>
        <label className={styles.label} htmlFor={selectId}>
          Program and track
        </label>
        <select id={selectId} className={styles.select} aria-describedby={noteId} defaultValue="SAA-12-steps">
          <option value="SAA-12-steps">{BACKUP_MESSAGES.programTrackLabel}</option>
        </select>
        <p id={noteId} className={styles.note}>
          {BACKUP_MESSAGES.moreProgramsSoon}
        </p>
      </div>
      {status === 'loading' ? <Spinner message="Checking your saved data..." /> : null}
      {status === 'error' ? (
        <>
          <Message tone="danger">{BACKUP_MESSAGES.checkFailed}</Message>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </>
      ) : null}
      {status === 'ready' ? (
        <>
          <Button block onClick={onBackup}>
            Backup Progress
          </Button>
          <Button block variant="secondary" onClick={onRestore}>
            Restore Progress
          </Button>
          <Button block variant="danger" onClick={onClear} disabled={!hasData}>
            Clear Progress
          </Button>
          {hasData ? null : <p className={styles.note}>There is no saved progress to clear.</p>}
        </>
      ) : null}
      {isMobile() ? <PhoneTips /> : null}
    </div>
  );
}

function PhoneTips() {
  const headingId = useId();
  return (
    <section className={styles.tips} aria-labelledby={headingId}>
      <h3 id={headingId}>Tips for phones</h3>
      <ul>
        <li>
          Backup &amp; Share opens your phone's share sheet: save the file to Files or your cloud drive.
        </li>
        <li>The file is encrypted. Only you, signed in to SAM, can restore it.</li>
        <li>To restore, open this dialog on any device and choose the saved file.</li>
      </ul>
    </section>
  );
}
