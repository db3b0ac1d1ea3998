// @vitest-environment jsdom
import type { CreateInvitationBody, Invitation } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { SponsorshipTab } from './SponsorshipTab.tsx';

const EMAIL = 'bo@example.com';
/** How long a step may take on a busy machine (the lists load after the first render). */
const WAIT = { timeout: 10_000 };

/** The sponsorship service as the tab sees it: invitations sent and canceled, no relationship. */
function sponsorshipServer() {
  const invitations: Invitation[] = [];
  const now = () => new Date().toISOString();
  return fakeServer({
    'GET /api/sponsorship/invitations': () => ({ invitations }),
    'GET /api/sponsorship/relationships': () => ({ relationships: [] }),
    'POST /api/sponsorship/invitations': ({ body }) => {
      const { inviteeEmail, program, role } = body as CreateInvitationBody;
      const invitation: Invitation = {
        id: `invitation-${invitations.length + 1}`,
        inviterDisplayName: TEST_USER.name,
        inviterEmail: TEST_USER.email,
        inviteeEmail,
        inviteeDisplayName: null,
        program,
        role,
        inviterRole: role === 'sponsor' ? 'sponsee' : 'sponsor',
        status: 'pending',
        direction: 'sent',
        tokenExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        createdAt: now(),
        lastSentAt: now(),
        respondedAt: null,
        expiringSoon: false,
        canCancel: true,
        canResend: false,
        resendAvailableAt: new Date(Date.now() + 86_400_000).toISOString(),
      };
      invitations.push(invitation);
      return invitation;
    },
    'PUT /api/sponsorship/invitations/:id/cancel': ({ params }) => {
      const invitation = invitations.find((i) => i.id === params.id);
      if (!invitation) throw new Error(`No invitation ${params.id}`);
      Object.assign(invitation, { status: 'canceled', canCancel: false });
      return invitation;
    },
  });
}

describe('the Sponsorship tab', { timeout: 30_000 }, () => {
  it("clears 'Invitation sent to …' once that invitation is canceled", async () => {
    sponsorshipServer();
    const { user } = renderWithProviders(<SponsorshipTab />);
    await user.type(await screen.findByLabelText('Their email', {}, WAIT), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const sent = `Invitation sent to ${EMAIL}. The link in the e-mail works for 30 days.`;
    await screen.findByText(sent, {}, WAIT);

    await user.click(await screen.findByRole('button', { name: `Cancel the invitation to ${EMAIL}` }, WAIT));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this invitation?' }, WAIT);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel invitation' }));
    await screen.findByText('No open invitations.', {}, WAIT);
    expect(screen.queryByText(sent)).toBeNull();
  });
});
