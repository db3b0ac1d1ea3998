import { useId, useState } from 'react';
import { queryClient } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { keyRecordQueryKey, keysApi } from './api.ts';
import styles from './auth.module.css';
import { recoveryCodeGroups, recoveryCodeText } from './recoveryCodeFile.ts';

type Props = {
  code: string;
  /** The recovery wrapping this code made: "I have saved it" is recorded for it on the server. */
  wrapping: string;
  userId: string;
  email: string;
  onContinue: () => void;
};

/**
 * Shown once when a data key is made or re-wrapped. It cannot be dismissed: Continue is the only way on,
 * and only after the person says the code is saved. The confirmation sits with Continue in the footer, so
 * on a small screen both stay in view while the text above scrolls, and Continue says why it waits.
 * Continue records the confirmation on the server, so every device stops asking; until it is recorded
 * (the tab closed first, or no connection), the dashboard asks again (decision 48).
 */
export function RecoveryCodeDialog({ code, wrapping, userId, email, onContinue }: Props) {
  const [saved, setSaved] = useState(false);
  const [recording, setRecording] = useState(false);
  const [copyNote, setCopyNote] = useState('');
  const reasonId = useId();
  const groups = recoveryCodeGroups(code);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(groups.join('-'));
      setCopyNote('Copied. Paste it somewhere safe, like a password manager.');
    } catch {
      setCopyNote('Copying is not allowed here. Please write the code down or download it.');
    }
  };

  const download = () => {
    const blob = new Blob([recoveryCodeText(code, email, new Date())], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'SAM-recovery-code.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const confirm = async () => {
    setRecording(true);
    try {
      queryClient.setQueryData(keyRecordQueryKey(userId), await keysApi.recoverySaved(userId, wrapping));
    } catch (error) {
      // Not recorded (offline, or a newer code was made on another page): the dashboard asks again.
      console.warn('Could not record that the recovery code was saved', error);
      void queryClient.invalidateQueries({ queryKey: keyRecordQueryKey(userId) });
    }
    onContinue();
  };

  return (
    <Modal
      open
      onOpenChange={() => undefined}
      dismissible={false}
      title="Save your recovery code"
      variant="warning"
      footer={
        <div className={styles.confirmFooter}>
          <CheckboxField label="I have saved it" checked={saved} onCheckedChange={setSaved} />
          <div className={styles.continueRow}>
            {saved ? null : (
              <p id={reasonId} className={styles.waitReason}>
                Tick "I have saved it" to continue.
              </p>
            )}
            <Button
              onClick={() => void confirm()}
              disabled={!saved}
              busy={recording}
              busyLabel="Continuing..."
              aria-describedby={saved ? undefined : reasonId}
            >
              Continue
            </Button>
          </div>
        </div>
      }
    >
      <p>
        Your writing in SAM is locked with your password, and only you hold the key. If you ever forget your
        password, this code is the only way back to what you have written. SAM cannot reset it for you.
      </p>
      <p className={styles.code}>
        <span className="visually-hidden">Your recovery code: </span>
        {groups.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups may repeat; their order is their identity
          <span key={index} className={styles.codeGroup}>
            {group}
          </span>
        ))}
      </p>
      <div className={styles.buttonRow}>
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download as text file
        </Button>
      </div>
      <p className={styles.smallNote} role="status">
        {copyNote}
      </p>
      <p>Keep it somewhere private and safe, such as a password manager or a printed page put away.</p>
    </Modal>
  );
}
