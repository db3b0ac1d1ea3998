import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import styles from './recoveryCode.module.css';
import { useAsksForRecoveryCode } from './useKeyRecord.ts';
import { useRecoveryCodeDialogs } from './useRecoveryCodeDialogs.tsx';
import { RECOVERY_CODE_WORDING as W } from './wording.ts';

/**
 * On the dashboard until the person confirms a recovery code is saved (on any device): the way to make a
 * new one, since the old one cannot be shown again, or to check the one they kept.
 */
export function RecoveryCodeCard() {
  const asks = useAsksForRecoveryCode();
  const dialogs = useRecoveryCodeDialogs();
  // The card stays while a dialog is open, so the dialog is not taken away when the code is confirmed.
  if (!asks && !dialogs.dialog) return null;
  return (
    <>
      {asks ? (
        <div className={styles.card}>
          <Card
            title={W.cardTitle}
            size="small"
            actions={
              <>
                <Button size="sm" onClick={dialogs.makeNew}>
                  {W.make}
                </Button>
                <Button size="sm" variant="secondary" onClick={dialogs.check}>
                  {W.stillHave}
                </Button>
              </>
            }
          >
            <p>{W.cardText}</p>
          </Card>
        </div>
      ) : null}
      {dialogs.dialog}
    </>
  );
}
