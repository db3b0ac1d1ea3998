import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { type HeadingLevel, SectionHeading } from '../profile/index.ts';
import styles from './recoveryCode.module.css';
import { useKeyRecord } from './useKeyRecord.ts';
import { useRecoveryCodeDialogs } from './useRecoveryCodeDialogs.tsx';
import { RECOVERY_CODE_WORDING as W } from './wording.ts';

/** Profile's "Recovery code": whether it was confirmed saved, and "Make a new recovery code". */
export function RecoveryCodeSection({
  headingLevel,
  className,
}: {
  headingLevel: HeadingLevel;
  className?: string;
}) {
  const record = useKeyRecord();
  const dialogs = useRecoveryCodeDialogs();
  // Only with the key open in this browser: the password must open it to wrap it under a new code.
  if (!record.data) return null;
  return (
    <section className={className}>
      <SectionHeading level={headingLevel}>{W.sectionTitle}</SectionHeading>
      <p className={styles.note}>{W.sectionText}</p>
      {record.data.recoverySavedAt === null ? (
        <Message tone="warning">{W.sectionNotSaved}</Message>
      ) : (
        <p className={styles.note}>{W.sectionSaved}</p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={dialogs.makeNew}>
          {W.make}
        </Button>
      </div>
      {dialogs.dialog}
    </section>
  );
}
