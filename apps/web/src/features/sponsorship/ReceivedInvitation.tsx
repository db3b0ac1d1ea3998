import { type Invitation, receivedInvitationText, sponsorshipProgramLabel } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { ExpiryNote } from './ExpiryNote.tsx';
import styles from './sponsorship.module.css';

type Props = {
  invitation: Invitation;
  onAccept: () => void;
  onDecline: () => void;
  /** Whether this invitation's decline is on its way. */
  declining: boolean;
  busy: boolean;
};

/** One invitation waiting for the reader's answer, with Accept and Decline. */
export function ReceivedInvitation({ invitation, onAccept, onDecline, declining, busy }: Props) {
  const inviter = invitation.inviterDisplayName;
  return (
    <li className={styles.item}>
      <p className={styles.itemTitle}>{receivedInvitationText(invitation.role, inviter)}</p>
      <p className={styles.itemMeta}>
        {sponsorshipProgramLabel(invitation.program)} · {invitation.inviterEmail}
      </p>
      <ExpiryNote tokenExpiresAt={invitation.tokenExpiresAt} />
      <div className={styles.itemActions}>
        <Button onClick={onAccept} disabled={busy} aria-label={`Accept the invitation from ${inviter}`}>
          Accept
        </Button>
        <Button
          variant="danger"
          onClick={onDecline}
          busy={declining}
          busyLabel="Declining..."
          disabled={busy}
          aria-label={`Decline the invitation from ${inviter}`}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}
