import { type Invitation, type RespondReply, sponsorshipDisplayNameSchema } from '@sam/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useAnswerInvitation } from './api.ts';
import styles from './sponsorship.module.css';

type Props = {
  invitation: Invitation;
  /** The name offered at first: the reader's profile name. */
  defaultName: string;
  onAccepted: (reply: RespondReply) => void;
  onClose: () => void;
};

/** Accepting in the app: asks how the inviter will see the reader, the profile name at first. */
export function AcceptInvitationDialog({ invitation, defaultName, onAccepted, onClose }: Props) {
  const answer = useAnswerInvitation();
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const inviter = invitation.inviterDisplayName;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = sponsorshipDisplayNameSchema.safeParse(name);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please check your name');
      return;
    }
    setProblem(null);
    answer.mutate({ id: invitation.id, accept: true, displayName: checked.data }, { onSuccess: onAccepted });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open || answer.isPending ? undefined : onClose())}
      title="Accept this invitation?"
      description={`You and ${inviter} will be connected in SAM.`}
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        {answer.isError ? (
          <Message tone="danger">{errorMessage(answer.error, 'Could not accept the invitation.')}</Message>
        ) : null}
        <TextField
          label={`Your name for ${inviter}`}
          hint={`How ${inviter} will see you in SAM.`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={problem}
          autoComplete="given-name"
        />
        <div className={styles.itemActions}>
          <Button type="submit" busy={answer.isPending} busyLabel="Accepting...">
            Accept
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={answer.isPending}>
            Not now
          </Button>
        </div>
      </form>
    </Modal>
  );
}
