import { type Invitation, receivedInvitationText, sponsorshipProgramLabel } from '@sam/core';
import { useId } from 'react';
import { ExpiryNote } from './ExpiryNote.tsx';
import { SentInvitation } from './SentInvitation.tsx';
import styles from './sponsorship.module.css';

const newestFirst = (a: Invitation, b: Invitation) => b.createdAt.localeCompare(a.createdAt);

/** Sent invitations still open: pending ones, and expired ones that can be sent again. */
export function SentInvitations({ invitations }: { invitations: Invitation[] }) {
  const id = useId();
  const open = invitations
    .filter((i) => i.direction === 'sent' && (i.status === 'pending' || i.status === 'expired'))
    .sort(newestFirst);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id}>Invitations you sent</h3>
      {open.length === 0 ? (
        <p className={styles.empty}>No open invitations.</p>
      ) : (
        <ul className={styles.list}>
          {open.map((invitation) => (
            <SentInvitation key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Invitations waiting for the reader's answer; answering happens through the e-mailed link. */
export function ReceivedInvitations({ invitations }: { invitations: Invitation[] }) {
  const id = useId();
  const waiting = invitations
    .filter((i) => i.direction === 'received' && i.status === 'pending')
    .sort(newestFirst);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id}>Invitations for you</h3>
      {waiting.length === 0 ? (
        <p className={styles.empty}>No invitations are waiting for you.</p>
      ) : (
        <>
          <p className={styles.itemMeta}>To answer, open the link in the invitation e-mail.</p>
          <ul className={styles.list}>
            {waiting.map((invitation) => (
              <li key={invitation.id} className={styles.item}>
                <p className={styles.itemTitle}>
                  {receivedInvitationText(invitation.role, invitation.inviterDisplayName)}
                </p>
                <p className={styles.itemMeta}>
                  {sponsorshipProgramLabel(invitation.program)} · {invitation.inviterEmail}
                </p>
                <ExpiryNote tokenExpiresAt={invitation.tokenExpiresAt} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
