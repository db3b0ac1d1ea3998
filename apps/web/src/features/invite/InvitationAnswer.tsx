import {
  type InvitePageFailure,
  invitePageFailureMessage,
  invitePageStatusMessage,
  otherPersonRoleText,
  type PublicInvitation,
  type RespondReply,
  sponsorshipProgramLabel,
} from '@sam/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSession } from '../auth/index.ts';
import { useInvitationByToken, useRespond } from '../sponsorship/index.ts';
import { ClosedInvitation } from './ClosedInvitation.tsx';
import { InvitationSummary } from './InvitationSummary.tsx';
import styles from './invite.module.css';
import {
  clearInviteHandoff,
  type InviteIntent,
  keepInviteHandoff,
  readInviteHandoff,
  shouldAcceptOnArrival,
} from './inviteHandoff.ts';
import { LeaveButtons } from './LeaveButtons.tsx';

/** What the page's message rule reads of a failed call; anything but an API reply counts as no answer. */
function failureOf(error: unknown): InvitePageFailure {
  return error instanceof ApiError
    ? { status: error.status, code: error.code, detail: error.detail }
    : { status: 0, detail: '' };
}

function Outcome({ reply, inviter }: { reply: RespondReply; inviter: string }) {
  const relationship = reply.relationship;
  return (
    <>
      <Message tone="success">
        {relationship
          ? `${reply.message}. You and ${relationship.otherDisplayName} are now connected: ${relationship.otherDisplayName} is ${otherPersonRoleText(relationship.role)} in ${sponsorshipProgramLabel(relationship.program)}. You will find this under Profile, Sponsorship.`
          : `${reply.message}. ${inviter} will see that you said no. Thank you for answering.`}
      </Message>
      <p>
        <Link to="/">Go to SAM's home page</Link>
      </p>
    </>
  );
}

/** The invitation a token names, and the ways to answer it. */
export function InvitationAnswer({ token }: { token: string }) {
  const query = useInvitationByToken(token);
  const { status, user } = useSession();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const respond = useRespond();
  const [outcome, setOutcome] = useState<RespondReply | null>(null);
  const arrived = useRef(false);

  const answer = (invitationId: string, accept: boolean) => {
    respond.mutate({ invitationId, token, accept }, { onSuccess: setOutcome });
  };

  // Signed in after the hand-off: accept what was accepted before the account existed, once.
  useEffect(() => {
    if (arrived.current || status !== 'signed-in') return;
    arrived.current = true;
    const handoff = readInviteHandoff();
    if (handoff?.token !== token) return;
    clearInviteHandoff();
    if (shouldAcceptOnArrival(handoff, token, user?.email ?? null)) answer(handoff.invitationId, true);
  });

  const keep = (invitation: PublicInvitation, intent: InviteIntent) =>
    keepInviteHandoff({ token, invitationId: invitation.id, email: invitation.inviteeEmail, intent });

  const accept = (invitation: PublicInvitation) => {
    if (status === 'signed-in') {
      answer(invitation.id, true);
      return;
    }
    keep(invitation, 'accept');
    navigate(`/signup?email=${encodeURIComponent(invitation.inviteeEmail)}`);
  };

  const decline = async (invitation: PublicInvitation) => {
    const yes = await dialogs.confirm({
      title: 'Decline this invitation?',
      message: `${invitation.inviterDisplayName} will see that you declined, and this link will stop working.`,
      confirmText: 'Decline',
      cancelText: 'Keep it',
    });
    if (!yes) return;
    clearInviteHandoff();
    answer(invitation.id, false);
  };

  if (outcome) return <Outcome reply={outcome} inviter={query.data?.inviterDisplayName ?? 'They'} />;
  if (respond.isPending && !query.data) return <Spinner message="Answering the invitation..." />;
  if (query.isPending) return <Spinner message="Loading the invitation..." />;
  if (query.isError) {
    return (
      <ClosedInvitation
        tone="danger"
        message={invitePageFailureMessage(failureOf(query.error), 'load')}
        onGuest={clearInviteHandoff}
      />
    );
  }

  const invitation = query.data;
  const closed = invitePageStatusMessage(invitation.status);
  if (closed) return <ClosedInvitation tone="warning" message={closed} onGuest={clearInviteHandoff} />;

  const otherAccount = user && user.email.toLowerCase() !== invitation.inviteeEmail.toLowerCase();
  return (
    <>
      <InvitationSummary invitation={invitation} />
      {otherAccount ? (
        <Message tone="info">
          You are signed in as {user.email}. This invitation was sent to {invitation.inviteeEmail}: to accept
          it, log out and sign in with that address.
        </Message>
      ) : null}
      {respond.isError ? (
        <Message tone="danger">{invitePageFailureMessage(failureOf(respond.error), 'respond')}</Message>
      ) : null}
      {status === 'signed-out' ? (
        <p>To accept, you need an account with {invitation.inviteeEmail}. You can create one next.</p>
      ) : null}
      <div className={styles.actions}>
        <Button
          block
          onClick={() => accept(invitation)}
          busy={respond.isPending && respond.variables?.accept === true}
          busyLabel="Accepting..."
          disabled={respond.isPending}
        >
          Accept
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => void decline(invitation)}
          busy={respond.isPending && respond.variables?.accept === false}
          busyLabel="Declining..."
          disabled={respond.isPending}
        >
          Decline
        </Button>
      </div>
      {status === 'signed-out' ? (
        <LeaveButtons
          email={invitation.inviteeEmail}
          onSignIn={() => keep(invitation, 'review')}
          onGuest={clearInviteHandoff}
        />
      ) : null}
    </>
  );
}
