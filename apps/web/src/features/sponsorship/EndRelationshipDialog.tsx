import type { Relationship } from '@sam/core';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { useEndRelationship } from './api.ts';
import styles from './sponsorship.module.css';

const REASON_MAX_LENGTH = 500;

type Props = { relationship: Relationship; onClose: () => void };

/** Asks once more, with room for a reason the other person will see, before ending a relationship. */
export function EndRelationshipDialog({ relationship, onClose }: Props) {
  const id = useId();
  const end = useEndRelationship();
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    end.mutate({ id: relationship.relationshipId, reason: reason.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open || end.isPending ? undefined : onClose())}
      title="End this relationship?"
      description={`You and ${relationship.otherDisplayName} will no longer be connected in SAM.`}
      variant="danger"
      size="sm"
    >
      <form onSubmit={submit}>
        {end.isError ? (
          <Message tone="danger">{errorMessage(end.error, 'Could not end the relationship.')}</Message>
        ) : null}
        <div className={styles.selectField}>
          <label htmlFor={`${id}-reason`}>Reason (optional)</label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={REASON_MAX_LENGTH}
            aria-describedby={`${id}-reason-hint`}
          />
          <p id={`${id}-reason-hint`} className={styles.counter}>
            {reason.length} of {REASON_MAX_LENGTH} characters. Not encrypted: SAM's server can read it.
          </p>
        </div>
        <div className={styles.itemActions}>
          <Button type="submit" variant="danger" busy={end.isPending} busyLabel="Ending...">
            End relationship
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={end.isPending}>
            Keep it
          </Button>
        </div>
      </form>
    </Modal>
  );
}
