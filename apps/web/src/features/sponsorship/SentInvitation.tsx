import { type Invitation, sentInvitationText, sponsorshipProgramLabel } from '@sam/core';
import { useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { useCancelInvitation, useResendInvitation } from './api.ts';
import { ExpiryNote } from './ExpiryNote.tsx';
import styles from './sponsorship.module.css';

type Notice = { tone: 'success' | 'danger'; text: string } | null;

/** One invitation the reader sent and that is still open: cancel it, or mail it again. */
export function SentInvitation({ invitation }: { invitation: Invitation }) {
  const dialogs = useDialogs();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  const [notice, setNotice] = useState<Notice>(null);
  const who = invitation.inviteeDisplayName ?? invitation.inviteeEmail;
  const busy = cancel.isPending || resend.isPending;

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
      <div className={styles.itemActions}>
        <Button
          variant="secondary"
          onClick={onResend}
          busy={resend.isPending}
          busyLabel="Sending..."
          disabled={busy}
          aria-label={`Resend the invitation to ${invitation.inviteeEmail}`}
        >
          Resend
        </Button>
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
