import {
  BACKUP_MESSAGES,
  type BackupPayload,
  type BackupPreview,
  entryCountText,
  NOTE_READING_DELAY_MS,
  recoveryToolsPreviewRows,
} from '@sam/core';
import { useState } from 'react';
import { ApiError } from '../../app/http.ts';
import type { DataCipher } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { useSession } from '../auth/index.ts';
import { afterDataReplaced } from './afterDataReplaced.ts';
import { backupApi } from './api.ts';
import styles from './backup.module.css';
import { restoreBody } from './backupFile.ts';

const RELOAD_DELAY_MS = 1000;

type Props = {
  cipher: DataCipher;
  hasData: boolean;
  payload: BackupPayload;
  preview: BackupPreview;
  /** What the account holds that is newer than the file, in words; null when nothing is. */
  newer: string | null;
  onCancel(): void;
  onClose(): void;
};
type Outcome = { tone: 'success' | 'danger'; text: string; detail?: string };

/** The preview of a chosen backup and the two ways to apply it. */
export function RestorePreview({ cipher, hasData, payload, preview, newer, onCancel, onClose }: Props) {
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sharedNote, setSharedNote] = useState<string | null>(null);
  const { user } = useSession();
  const done = outcome?.tone === 'success';

  async function apply(replace: boolean) {
    if (hasData && !replace) {
      setOutcome({ tone: 'danger', text: BACKUP_MESSAGES.overwriteRequired });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      // 'Clear & Restore' is one request too: the server clears and writes in a single transaction.
      await backupApi.restore(await restoreBody(cipher, payload, replace, new Date()));
      const note = await afterDataReplaced(cipher, user?.id ?? null);
      setSharedNote(note);
      setOutcome({ tone: 'success', text: BACKUP_MESSAGES.restoreDone });
      setTimeout(() => window.location.reload(), note ? NOTE_READING_DELAY_MS : RELOAD_DELAY_MS);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'data_exists') {
        setOutcome({ tone: 'danger', text: BACKUP_MESSAGES.overwriteRequired });
      } else {
        setOutcome({
          tone: 'danger',
          text: BACKUP_MESSAGES.restoreFailed,
          detail: error instanceof ApiError ? error.detail : undefined,
        });
      }
    }
  }

  const footer = (
    <div className={styles.footer}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button variant="danger" onClick={() => void apply(true)} disabled={busy}>
        Clear &amp; Restore
      </Button>
      <Button onClick={() => void apply(overwrite)} busy={busy} busyLabel="Processing...">
        Restore Data
      </Button>
    </div>
  );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Restore Preview"
      footer={done ? null : footer}
      dismissible={!busy}
    >
      <div className={styles.stack}>
        <dl className={styles.preview}>
          {previewRows(preview).map(([term, value]) => (
            <div key={term} className={styles.previewRow}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {hasData && newer && !done ? (
          <Message tone="warning">
            {newer} {BACKUP_MESSAGES.restoreReplacesNewer}
          </Message>
        ) : null}
        {hasData && !done ? <p className={styles.note}>{BACKUP_MESSAGES.restoreKeepsAside}</p> : null}
        {hasData && !done ? (
          <CheckboxField
            label="Overwrite existing progress"
            checked={overwrite}
            onCheckedChange={setOverwrite}
          />
        ) : null}
        {outcome ? (
          <Message tone={outcome.tone}>
            {outcome.text}
            {outcome.detail ? <span className={styles.detail}>{outcome.detail}</span> : null}
          </Message>
        ) : null}
        {sharedNote ? <Message tone="warning">{sharedNote}</Message> : null}
      </div>
    </Modal>
  );
}

function previewRows(preview: BackupPreview): [string, string][] {
  const steps = preview.stepsWithData.map((n) => `Step ${n}`).join(', ') || 'None';
  return [
    ['Program', preview.program],
    ['Track', preview.track],
    ['Backup date', preview.backupDate],
    ['Steps with data', steps],
    ...preview.inventoryCounts.map((c): [string, string] => [c.label, entryCountText(c.count)]),
    ...recoveryToolsPreviewRows(preview),
  ];
}
