import {
  BACKUP_MESSAGES,
  type BackupMetadata,
  type BackupPayload,
  backupPreview,
  newerThanBackup,
  newerWritingText,
} from '@sam/core';
import { type ChangeEvent, useRef, useState } from 'react';
import type { DataCipher } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './backup.module.css';
import { openBackupFile } from './backupFile.ts';
import type { CurrentData } from './currentData.ts';
import { RestorePreview } from './RestorePreview.tsx';

type Props = { cipher: DataCipher; current: CurrentData; onCancel(): void; onClose(): void };
type Chosen = { metadata: BackupMetadata; payload: BackupPayload };

/** The Restore dialog: warn, choose a file, check it, then hand over to the preview. */
export function RestoreDialog({ cipher, current, onCancel, onClose }: Props) {
  const { hasData } = current;
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    setProblem(null);
    setReading(true);
    let text: string | null = null;
    try {
      text = file ? await file.text() : null;
    } catch {
      setReading(false);
      setProblem(BACKUP_MESSAGES.fileSelectionFailed);
      return;
    }
    const opened = await openBackupFile(cipher, text);
    setReading(false);
    if (opened.ok) setChosen({ metadata: opened.metadata, payload: opened.payload });
    else setProblem(opened.message);
  }

  if (chosen) {
    return (
      <RestorePreview
        cipher={cipher}
        hasData={hasData}
        payload={chosen.payload}
        preview={backupPreview(chosen.metadata, chosen.payload)}
        newer={newerWritingText(
          newerThanBackup(current.payload, current.savedAt, chosen.payload, chosen.metadata.exportDate),
        )}
        onCancel={() => setChosen(null)}
        onClose={onClose}
      />
    );
  }
  const footer = (
    <div className={styles.footer}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={() => input.current?.click()} busy={reading} busyLabel="Reading file...">
        Choose backup file
      </Button>
    </div>
  );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Restore Progress"
      footer={footer}
    >
      <div className={styles.stack}>
        {hasData ? (
          <Message tone="warning">
            You already have progress saved in SAM. Restoring a backup replaces your current steps,
            inventories, three circles, abstinence dates and check-ins.
          </Message>
        ) : null}
        <p>Choose a backup file you saved from SAM. You will see what it holds before anything changes.</p>
        {reading ? <Spinner message="Checking the file..." /> : null}
        {problem ? <Message tone="danger">{problem}</Message> : null}
        <input
          ref={input}
          className={styles.fileInput}
          type="file"
          accept=".json,application/json"
          aria-label="Backup file"
          tabIndex={-1}
          onChange={(e) => void choose(e)}
        />
      </div>
    </Modal>
  );
}
