import {
  answeredInAppText,
  closedRecently,
  declinedOnText,
  type Invitation,
  type RespondReply,
  sentInvitationText,
  sponsorshipProgramLabel,
} from '@sam/core';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { useSession } from '../auth/index.ts';
import { AcceptInvitationDialog } from './AcceptInvitationDialog.tsx';
import { useAnswerInvitation } from './api.ts';
import { ReceivedInvitation } from './ReceivedInvitation.tsx';
import { SentInvitation } from './SentInvitation.tsx';
import styles from './sponsorship.module.css';

const newestFirst = (a: Invitation, b: Invitation) => b.createdAt.localeCompare(a.createdAt);

/** A sent invitation the invitee declined: when, and no way to act on it. */
function DeclinedInvitation({ invitation }: { invitation: Invitation }) {
  const who = invitation.inviteeDisplayName ?? invitation.inviteeEmail;
  return (
    <li className={styles.item}>
      <p className={styles.itemTitle}>{sentInvitationText(invitation.role, who)}</p>
      <p className={styles.itemMeta}>
        {sponsorshipProgramLabel(invitation.program)} · {invitation.inviteeEmail}
      </p>
      <p className={styles.itemMeta}>{declinedOnText(invitation.respondedAt ?? invitation.lastSentAt)}</p>
    </li>
  );
}

/**
 * Sent invitations still open (pending ones, and expired ones that can be sent again), then those declined
 * in the last days, so the inviter learns the answer.
 */
export function SentInvitations({ invitations }: { invitations: Invitation[] }) {
  const id = useId();
  const declinedId = useId();
  const sent = invitations.filter((i) => i.direction === 'sent').sort(newestFirst);
  const open = sent.filter((i) => i.status === 'pending' || i.status === 'expired');
  const declined = sent.filter((i) => i.status === 'declined' && closedRecently(i.respondedAt, Date.now()));
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
      {declined.length > 0 ? (
        <>
          <h4 id={declinedId} className={styles.subheading}>
            Declined
          </h4>
          <ul className={styles.list} aria-labelledby={declinedId}>
            {declined.map((invitation) => (
              <DeclinedInvitation key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * Invitations waiting for the reader's answer, answered here or through the e-mailed link. The answer and
 * the accept dialog live here, not in the item, because the item leaves the list once it is answered.
 */
export function ReceivedInvitations({ invitations }: { invitations: Invitation[] }) {
  const id = useId();
  const { user } = useSession();
  const dialogs = useDialogs();
  const decline = useAnswerInvitation();
  const [accepting, setAccepting] = useState<Invitation | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The answered invitation's buttons are gone: focus moves to what happened, not to the page's top.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const waiting = invitations
    .filter((i) => i.direction === 'received' && i.status === 'pending')
    .sort(newestFirst);

  const answered = (reply: RespondReply, inviter: string) => setOutcome(answeredInAppText(reply, inviter));

  const onDecline = async (invitation: Invitation) => {
    const inviter = invitation.inviterDisplayName;
    const yes = await dialogs.confirm({
      title: 'Decline this invitation?',
      message: `${inviter} will see that you declined.`,
      variant: 'danger',
      confirmText: 'Decline',
      cancelText: 'Keep it',
    });
    if (!yes) return;
    setOutcome(null);
    decline.mutate({ id: invitation.id, accept: false }, { onSuccess: (reply) => answered(reply, inviter) });
  };

  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id}>Invitations for you</h3>
      {outcome ? (
        <div ref={outcomeRef} tabIndex={-1}>
          <Message tone="success">{outcome}</Message>
        </div>
      ) : null}
      {decline.isError ? (
        <Message tone="danger">{errorMessage(decline.error, 'Could not decline the invitation.')}</Message>
      ) : null}
      {waiting.length === 0 ? (
        <p className={styles.empty}>No invitations are waiting for you.</p>
      ) : (
        <ul className={styles.list}>
          {waiting.map((invitation) => (
            <ReceivedInvitation
              key={invitation.id}
              invitation={invitation}
              onAccept={() => {
                setOutcome(null);
                setAccepting(invitation);
              }}
              onDecline={() => void onDecline(invitation)}
              declining={decline.isPending && decline.variables?.id === invitation.id}
              busy={decline.isPending}
            />
          ))}
        </ul>
      )}
      {accepting ? (
        <AcceptInvitationDialog
          invitation={accepting}
          defaultName={user?.name ?? ''}
          onAccepted={(reply) => {
            setAccepting(null);
            answered(reply, accepting.inviterDisplayName);
          }}
          onClose={() => setAccepting(null)}
        />
      ) : null}
    </section>
  );
}
