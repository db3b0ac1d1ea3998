import { closedInvitationMessage, INVITE_PAGE_MESSAGES } from '@sam/core';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Message, type Tone } from '../../ui/Message.tsx';
import { useSession } from '../auth/index.ts';
import { profileTabPath } from '../profile/index.ts';
import styles from './invite.module.css';
import { LeaveButtons } from './LeaveButtons.tsx';

type Props = { message: string; tone: Tone; onGuest?: () => void };

/**
 * An invitation link that cannot be answered (used, expired, unknown, no token), and where to go next: a
 * signed-in person to their own Sponsorship tab, anyone else home as a guest or to Sign In.
 */
export function ClosedInvitation({ message, tone, onGuest }: Props) {
  const { status } = useSession();
  if (status !== 'signed-in') {
    return (
      <>
        <Message tone={tone}>{message}</Message>
        <LeaveButtons onGuest={onGuest} />
      </>
    );
  }
  const text = closedInvitationMessage(message, true);
  return (
    <>
      {/* A link that was used is nothing to be alarmed about: it says so quietly. */}
      <Message tone={text === message ? tone : 'info'}>{text}</Message>
      <p>{INVITE_PAGE_MESSAGES.yourSponsorship}</p>
      <div className={styles.leave}>
        <ButtonLink to={profileTabPath('sponsorship')} variant="secondary">
          Go to my Sponsorship tab
        </ButtonLink>
      </div>
    </>
  );
}
