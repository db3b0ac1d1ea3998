import {
  invitationExpiryNotice,
  type PublicInvitation,
  receivedInvitationText,
  sponsorshipProgramLabel,
} from '@sam/core';
import { Message } from '../../ui/Message.tsx';
import styles from './invite.module.css';

const ROLE_NAMES = { sponsor: 'Sponsor', sponsee: 'Sponsee' } as const;

/** Who invites whom, to which role and program, and until when. */
export function InvitationSummary({ invitation }: { invitation: PublicInvitation }) {
  const expiry = invitationExpiryNotice(invitation.tokenExpiresAt, Date.now());
  return (
    <section className={styles.summary} aria-labelledby="invitation-lead">
      <p id="invitation-lead" className={styles.lead}>
        {receivedInvitationText(invitation.role, invitation.inviterDisplayName)}.
      </p>
      <dl className={styles.details}>
        <dt>From</dt>
        <dd>{invitation.inviterDisplayName}</dd>
        <dt>Your role</dt>
        <dd>{ROLE_NAMES[invitation.role]}</dd>
        <dt>Program</dt>
        <dd>{sponsorshipProgramLabel(invitation.program)}</dd>
        <dt>Sent to</dt>
        <dd>{invitation.inviteeEmail}</dd>
      </dl>
      {expiry.tone === 'info' ? (
        <p className={styles.expiry}>{expiry.text}</p>
      ) : (
        <Message tone={expiry.tone}>{expiry.text}</Message>
      )}
    </section>
  );
}
