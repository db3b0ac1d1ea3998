// @vitest-environment jsdom
import { formatDisplayDate, type Invitation, type Relationship } from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { SponsorshipTab } from './SponsorshipTab.tsx';

/** How long a step may take on a busy machine (the lists load after the first render). */
const WAIT = { timeout: 10_000 };
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

function invitation(fields: Partial<Invitation>): Invitation {
  return {
    id: 'invitation-1',
    inviterDisplayName: 'Bo',
    inviterEmail: 'bo@example.com',
    inviteeEmail: TEST_USER.email,
    inviteeDisplayName: null,
    program: 'SAA',
    role: 'sponsee',
    inviterRole: 'sponsor',
    status: 'pending',
    direction: 'received',
    tokenExpiresAt: iso(Date.now() + 20 * DAY),
    createdAt: iso(Date.now() - DAY),
    lastSentAt: iso(Date.now() - DAY),
    respondedAt: null,
    expiringSoon: false,
    canCancel: false,
    canResend: false,
    resendAvailableAt: iso(Date.now()),
    ...fields,
  };
}

function relationship(fields: Partial<Relationship>): Relationship {
  return {
    relationshipId: 'relationship-1',
    program: 'SAA',
    status: 'active',
    role: 'sponsee',
    otherRole: 'sponsor',
    displayName: TEST_USER.name,
    otherDisplayName: 'Bo',
    otherEmail: 'bo@example.com',
    startedAt: iso(Date.now() - 40 * DAY),
    endedAt: null,
    endReason: null,
    endedByMe: null,
    ...fields,
  };
}

/** The sponsorship service with one invitation from Bo waiting for Ada's answer. */
function answeringServer(extra: { invitations?: Invitation[]; relationships?: Relationship[] } = {}) {
  const invitations = [invitation({}), ...(extra.invitations ?? [])];
  const relationships = [...(extra.relationships ?? [])];
  const server = fakeServer({
    'GET /api/sponsorship/invitations': () => ({ invitations }),
    // Active and ended alike: the tab sorts them by status.
    'GET /api/sponsorship/relationships': () => ({ relationships }),
    'PUT /api/sponsorship/invitations/:id/answer': ({ params, body }) => {
      const { accept, displayName } = body as { accept: boolean; displayName?: string };
      const answered = invitations.find((i) => i.id === params.id);
      if (!answered) throw new Error(`No invitation ${params.id}`);
      Object.assign(answered, { status: accept ? 'accepted' : 'declined', respondedAt: iso(Date.now()) });
      const made = accept ? relationship({ displayName: displayName ?? TEST_USER.name }) : null;
      if (made) relationships.push(made);
      return {
        status: answered.status,
        message: accept ? 'Invitation accepted' : 'Invitation declined',
        relationship: made,
      };
    },
  });
  return server;
}

describe('answering an invitation in the Sponsorship tab', { timeout: 30_000 }, () => {
  it('accepts under the name the invitee gives, then shows the relationship', async () => {
    const server = answeringServer();
    const { user } = renderWithProviders(<SponsorshipTab />);
    await screen.findByText('Bo offers to be your sponsor', {}, WAIT);
    expect(screen.queryByText('To answer, open the link in the invitation e-mail.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Accept the invitation from Bo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this invitation?' }, WAIT);
    const name = within(dialog).getByLabelText('Your name for Bo');
    expect(name).toHaveProperty('value', TEST_USER.name);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await within(dialog).findByText('Display name is required');
    expect(server.to('PUT', '/api/sponsorship/invitations/invitation-1/answer')).toEqual([]);

    await user.type(name, 'Ada L.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const accepted = await screen.findByText(
      'Invitation accepted. You and Bo are now connected: Bo is your sponsor in SAA.',
      {},
      WAIT,
    );
    await waitFor(() => expect(document.activeElement?.contains(accepted)).toBe(true));
    expect(server.to('PUT', '/api/sponsorship/invitations/invitation-1/answer').map((r) => r.body)).toEqual([
      { accept: true, displayName: 'Ada L.' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByText('Bo: your sponsor', {}, WAIT);
    expect(screen.getByText('No invitations are waiting for you.')).toBeTruthy();
  });

  it('declines only once confirmed, and then says Bo will know', async () => {
    const server = answeringServer();
    const { user } = renderWithProviders(<SponsorshipTab />);
    const decline = await screen.findByRole('button', { name: 'Decline the invitation from Bo' }, WAIT);

    await user.click(decline);
    const keep = await screen.findByRole('dialog', { name: 'Decline this invitation?' }, WAIT);
    expect(within(keep).getByText('Bo will see that you declined.')).toBeTruthy();
    await user.click(within(keep).getByRole('button', { name: 'Keep it' }));
    expect(server.to('PUT', '/api/sponsorship/invitations/invitation-1/answer')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Decline the invitation from Bo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline this invitation?' }, WAIT);
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    const declined = await screen.findByText('Invitation declined. Bo will see that you said no.', {}, WAIT);
    await waitFor(() => expect(document.activeElement?.contains(declined)).toBe(true));
    expect(server.to('PUT', '/api/sponsorship/invitations/invitation-1/answer').map((r) => r.body)).toEqual([
      { accept: false },
    ]);
    await screen.findByText('No invitations are waiting for you.', {}, WAIT);
    expect(screen.getByText('You have no active sponsor or sponsee yet.')).toBeTruthy();
  });

  it('shows the inviter a declined invitation, and either person an ended relationship, for 30 days', async () => {
    const yesterday = iso(Date.now() - DAY);
    const sent = { direction: 'sent' as const, inviteeEmail: 'cy@example.com', status: 'declined' as const };
    answeringServer({
      invitations: [
        invitation({ ...sent, id: 'invitation-2', inviteeDisplayName: 'Cy', respondedAt: yesterday }),
        invitation({
          ...sent,
          id: 'invitation-3',
          inviteeDisplayName: 'Old',
          respondedAt: iso(Date.now() - 31 * DAY),
        }),
      ],
      relationships: [
        relationship({ status: 'ended', endedAt: yesterday, endedByMe: false, endReason: 'Moving away.' }),
        relationship({
          relationshipId: 'r-2',
          status: 'ended',
          otherDisplayName: 'Di',
          role: 'sponsor',
          endedAt: yesterday,
          endedByMe: true,
        }),
        relationship({
          relationshipId: 'r-3',
          status: 'ended',
          otherDisplayName: 'Ed',
          endedAt: iso(Date.now() - 31 * DAY),
          endedByMe: false,
        }),
      ],
    });
    renderWithProviders(<SponsorshipTab />);
    const date = formatDisplayDate(yesterday);

    const declined = await screen.findByRole('list', { name: 'Declined' }, WAIT);
    const item = within(declined).getByRole('listitem');
    expect(within(item).getByText('You offered to sponsor Cy')).toBeTruthy();
    expect(within(item).getByText(`Declined on ${date}`)).toBeTruthy();
    expect(within(declined).getAllByRole('listitem')).toHaveLength(1);
    expect(within(declined).queryByRole('button')).toBeNull();
    expect(screen.getByText('No open invitations.')).toBeTruthy();

    const ended = await screen.findByRole('list', { name: 'Ended' }, WAIT);
    const items = within(ended).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `Bo: your former sponsorSAA · Ended on ${date} by BoReason: Moving away.`,
      `Di: your former sponseeSAA · Ended on ${date} by you`,
    ]);
    expect(screen.getByText('You have no active sponsor or sponsee yet.')).toBeTruthy();
  });
});
