import {
  type Invitation,
  offersResend,
  resendWaitNote,
  sentInvitationText,
  sponsorshipProgramLabel,
} from '@sam/core';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { useServerQueryClient } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { sponsorshipKey, useCancelInvitation, useResendInvitation } from './api.ts';
import { ExpiryNote } from './ExpiryNote.tsx';
import styles from './sponsorship.module.css';

type Notice = { tone: 'success' | 'danger'; text: string } | null;

/** The longest wait a browser timer takes (about 24.8 days); a resend is never further away than 24 hours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Reads the invitations again when the resend cooldown ends, so Resend turns on by itself. */
function useRefreshWhenResendable(invitation: Invitation) {
  const queryClient = useServerQueryClient();
  const { canResend, resendAvailableAt } = invitation;
  useEffect(() => {
    if (canResend) return;
    const wait = Date.parse(resendAvailableAt) - Date.now();
    if (!(wait > 0 && wait < MAX_TIMER_MS)) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: sponsorshipKey }),
      wait + 1000,
    );
    return () => clearTimeout(timer);
  }, [canResend, resendAvailableAt, queryClient]);
}

/** One invitation the reader sent and that is still open: cancel it, or mail it again. */
export function SentInvitation({ invitation }: { invitation: Invitation }) {
  const dialogs = useDialogs();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  const [notice, setNotice] = useState<Notice>(null);
  const waitNoteId = useId();
  const who = invitation.inviteeDisplayName ?? invitation.inviteeEmail;
  const busy = cancel.isPending || resend.isPending;
  const waitNote = resendWaitNote(invitation, Date.now());
  useRefreshWhenResendable(invitation);

  const onCancel = async () => {
    const yes = await dialogs.confirm({
      title: 'Cancel this invitation?',
      message: `The link sent to ${invitation.inviteeEmail} will stop working.`,
      variant: 'danger',
      confirmText: 'Cancel invitation',
      cancelText: 'Keep it',
    });
    if (!yes) return;
    setNotice(null);
    cancel.mutate(invitation.id, {
      onError: (error) =>
        setNotice({ tone: 'danger', text: errorMessage(error, 'Could not cancel the invitation.') }),
    });
  };

  const onResend = () => {
    setNotice(null);
    resend.mutate(invitation.id, {
      onSuccess: () =>
        setNotice({ tone: 'success', text: `Invitation sent again to ${invitation.inviteeEmail}.` }),
      onError: (error) =>
        setNotice({ tone: 'danger', text: errorMessage(error, 'Could not send the invitation again.') }),
    });
  };

  return (
    <li className={styles.item}>
      <p className={styles.itemTitle}>{sentInvitationText(invitation.role, who)}</p>
      <p className={styles.itemMeta}>
        {sponsorshipProgramLabel(invitation.program)} · {invitation.inviteeEmail}
      </p>
      <ExpiryNote tokenExpiresAt={invitation.tokenExpiresAt} />
      {notice ? <Message tone={notice.tone}>{notice.text}</Message> : null}
      {waitNote && !resend.isPending ? (
        <p id={waitNoteId} className={styles.itemMeta}>
          {waitNote}
        </p>
      ) : null}
      <div className={styles.itemActions}>
        {offersResend(invitation.status) ? (
          <Button
            variant="secondary"
            onClick={onResend}
            busy={resend.isPending}
            busyLabel="Sending..."
            disabled={busy || !invitation.canResend}
            aria-label={`Resend the invitation to ${invitation.inviteeEmail}`}
            aria-describedby={waitNote && !resend.isPending ? waitNoteId : undefined}
          >
            Resend
          </Button>
        ) : null}
        {invitation.canCancel ? (
          <Button
            variant="danger"
            onClick={() => void onCancel()}
            busy={cancel.isPending}
            busyLabel="Canceling..."
            disabled={busy}
            aria-label={`Cancel the invitation to ${invitation.inviteeEmail}`}
          >
            Cancel
          </Button>
        ) : null}
      </div>
    </li>
  );
}
