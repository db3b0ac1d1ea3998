import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt, useSession } from '../auth/index.ts';
import { MySponseesLink, SharedWithSponsor } from '../sponsorSpace/index.ts';
import { useInvitations, useRelationships } from './api.ts';
import { ReceivedInvitations, SentInvitations } from './InvitationLists.tsx';
import { InviteForm } from './InviteForm.tsx';
import { RelationshipList } from './RelationshipList.tsx';
import styles from './sponsorship.module.css';

const LOAD_FAILED = 'Could not load your sponsorship details. Please try again later.';

/** The profile's Sponsorship tab: relationships, invitations waiting for an answer, the invite form
 * and the invitations sent from it. */
export function SponsorshipTab() {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const invitations = useInvitations(signedIn);
  const relationships = useRelationships(signedIn);

  if (!signedIn) return <LoginPrompt>Sign in to invite a sponsor or sponsee.</LoginPrompt>;
  if (invitations.isPending || relationships.isPending) {
    return <Spinner message="Loading your sponsorship details..." />;
  }
  if (invitations.isError || relationships.isError) return <Message tone="danger">{LOAD_FAILED}</Message>;

  return (
    <div className={styles.tab}>
      <RelationshipList relationships={relationships.data} />
      <MySponseesLink />
      <SharedWithSponsor />
      <ReceivedInvitations invitations={invitations.data} />
      <InviteForm invitations={invitations.data} />
      <SentInvitations invitations={invitations.data} />
    </div>
  );
}
