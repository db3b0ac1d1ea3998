import { INVITE_PAGE_MESSAGES } from '@sam/core';
import { useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { ClosedInvitation } from './ClosedInvitation.tsx';
import { InvitationAnswer } from './InvitationAnswer.tsx';

/** /invite?token=…: an invitation to work together as sponsor and sponsee, and its answer. */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Page
      title="Sponsorship Invitation"
      intro="Someone in your program would like to work with you as sponsor and sponsee."
    >
      {token ? (
        <InvitationAnswer key={token} token={token} />
      ) : (
        <ClosedInvitation tone="danger" message={INVITE_PAGE_MESSAGES.noToken} />
      )}
    </Page>
  );
}
