// @vitest-environment jsdom
import type { InvitationStatus, PublicInvitation } from '@sam/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { InvitePage } from './InvitePage.tsx';

const TOKEN = 'aaaa.bbbb.cccc';

const invitation = (status: InvitationStatus): PublicInvitation => ({
  id: 'invitation-1',
  inviterDisplayName: 'Bo',
  inviteeEmail: TEST_USER.email,
  inviteeDisplayName: 'Ada',
  program: 'SAA',
  role: 'sponsor',
  inviterRole: 'sponsee',
  status,
  tokenExpiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  expiringSoon: false,
});

function serveInvitation(answer: () => unknown) {
  return fakeServer({ 'GET /api/sponsorship/invitations/token/:token': answer });
}

/** How long the invitation may take to load on a busy machine. */
const WAIT = { timeout: 10_000 };

const sponsorshipLink = () => screen.findByRole('link', { name: 'Go to my Sponsorship tab' }, WAIT);

describe('the invite page of a link that was already used', { timeout: 30_000 }, () => {
  it('tells a signed-in person it was used and sends them to their Sponsorship tab', async () => {
    serveInvitation(() => invitation('accepted'));
    renderWithProviders(<InvitePage />, { route: `/invite?token=${TOKEN}` });
    expect((await sponsorshipLink()).getAttribute('href')).toBe('/profile?tab=sponsorship');
    const used = screen.getByText('This invitation has already been used.');
    expect(used.closest('[role]')?.getAttribute('role'), 'said quietly, not as an alert').toBe('status');
    screen.getByText('Your sponsors, sponsees and invitations are in your profile, under Sponsorship.');
    expect(screen.queryByRole('button', { name: 'Continue as Guest' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to Sign In' })).toBeNull();
    expect(screen.queryByText('This invitation has already been responded to')).toBeNull();
  });

  it('does the same for a canceled one, which the server refuses to show', async () => {
    serveInvitation(
      () =>
        new Reply(409, {
          detail: 'This invitation was canceled by the person who sent it',
          code: 'canceled',
        }),
    );
    renderWithProviders(<InvitePage />, { route: `/invite?token=${TOKEN}` });
    await sponsorshipLink();
    screen.getByText('This invitation has already been used.');
    expect(screen.queryByRole('button', { name: 'Continue as Guest' })).toBeNull();
  });

  it('keeps an expired one expired, with the way to the Sponsorship tab', async () => {
    serveInvitation(() => invitation('expired'));
    renderWithProviders(<InvitePage />, { route: `/invite?token=${TOKEN}` });
    await sponsorshipLink();
    screen.getByText('This invitation has expired');
  });

  it('offers a visitor the guest and sign-in ways, as before', async () => {
    serveInvitation(() => invitation('declined'));
    renderWithProviders(<InvitePage />, { route: `/invite?token=${TOKEN}`, account: null });
    await screen.findByRole('button', { name: 'Continue as Guest' }, WAIT);
    screen.getByRole('button', { name: 'Go to Sign In' });
    screen.getByText('This invitation has already been responded to');
    expect(screen.queryByRole('link', { name: 'Go to my Sponsorship tab' })).toBeNull();
  });
});
