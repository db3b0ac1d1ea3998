import { BACKUP_MESSAGES, type BackupPayload, backupFileName, defaultBackupFileName } from '@sam/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import type { DataCipher } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { currentAuthValue, useSession } from '../auth/index.ts';
import { afterDataReplaced } from './afterDataReplaced.ts';
import { backupApi } from './api.ts';
import styles from './backup.module.css';
import { backupFileText } from './backupFile.ts';
import { ExportCancelled, exportFile, sharesOnThisDevice } from './exportFile.ts';

/** `note`: what the person should read beside the outcome (the sponsor's copies not updated). */
type Result = { tone: 'success' | 'warning' | 'danger'; text: string; reload: boolean; note?: string | null };
type Props = {
  cipher: DataCipher;
  payload: BackupPayload;
  partial: boolean;
  onCancel(): void;
  onClose(): void;
};

const FORM_ID = 'backup-file-form';

/** The Backup dialog: name the file, maybe clear afterwards, save it. */
export function BackupFileDialog({ cipher, payload, partial, onCancel, onClose }: Props) {
  const [name, setName] = useState(() => defaultBackupFileName(new Date()));
  const [clearAfter, setClearAfter] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const blank = name.trim() === '';
  const { user } = useSession();
  const needsPassword = clearAfter && password === '';

  async function backup(event: FormEvent) {
    event.preventDefault();
    const fileName = backupFileName(name);
    if (!fileName || needsPassword) return;
    setBusy(true);
    setNotice(null);
    try {
      await exportFile(fileName, await backupFileText(cipher, payload, new Date()));
    } catch (error) {
      setBusy(false);
      if (error instanceof ExportCancelled) setNotice(BACKUP_MESSAGES.fileSelectionCancelled);
      else setResult({ tone: 'danger', text: BACKUP_MESSAGES.backupFailed(reasonOf(error)), reload: false });
      return;
    }
    setResult(
      clearAfter
        ? await clearAfterBackup(cipher, user?.id ?? null, user?.email ?? '', password)
        : { tone: 'success', text: `${BACKUP_MESSAGES.backupDone}: ${fileName}`, reload: false },
    );
    setBusy(false);
  }

  const finish = () => (result?.reload ? window.location.reload() : onClose());
  const footer = result ? (
    <Button onClick={finish}>OK</Button>
  ) : (
    <div className={styles.footer}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="submit"
        form={FORM_ID}
        disabled={blank || needsPassword}
        busy={busy}
        busyLabel="Processing..."
      >
        {sharesOnThisDevice() ? 'Backup & Share' : 'Backup'}
      </Button>
    </div>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : finish())}
      title="Backup Progress"
      footer={footer}
      dismissible={!busy}
    >
      {result ? (
        <div className={styles.stack}>
          <Message tone={result.tone}>{result.text}</Message>
          {result.note ? <Message tone="warning">{result.note}</Message> : null}
        </div>
      ) : busy ? (
        <Spinner message="Processing..." />
      ) : (
        <form id={FORM_ID} className={styles.stack} onSubmit={backup} noValidate>
          <p>Your progress and inventories are saved to one file, encrypted so only you can restore it.</p>
          {partial ? <Message tone="warning">{BACKUP_MESSAGES.partialDecrypt}</Message> : null}
          <TextField
            label="File name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={blank ? BACKUP_MESSAGES.filenameRequired : null}
            autoComplete="off"
            spellCheck={false}
          />
          <CheckboxField
            label="Clear data after backup"
            checked={clearAfter}
            onCheckedChange={setClearAfter}
          />
          {clearAfter ? (
            <>
              <p className={styles.note}>{BACKUP_MESSAGES.clearKeepsAside}</p>
              <PasswordField
                label="Your password"
                hint={BACKUP_MESSAGES.passwordHint}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </>
          ) : null}
          {notice ? <Message tone="warning">{notice}</Message> : null}
        </form>
      )}
    </Modal>
  );
}

async function clearAfterBackup(
  cipher: DataCipher,
  userId: string | null,
  email: string,
  password: string,
): Promise<Result> {
  try {
    await backupApi.clear(await currentAuthValue(email, password));
  } catch (error) {
    return {
      tone: 'warning',
      text: BACKUP_MESSAGES.backupClearFailed(errorMessage(error, BACKUP_MESSAGES.clearFailed)),
      reload: false,
    };
  }
  const note = await afterDataReplaced(cipher, userId);
  return { tone: 'success', text: BACKUP_MESSAGES.backupDoneCleared, reload: true, note };
}

function reasonOf(error: unknown): string {
  return errorMessage(
    error,
    error instanceof Error && error.message ? error.message : BACKUP_MESSAGES.exportFailed,
  );
}
