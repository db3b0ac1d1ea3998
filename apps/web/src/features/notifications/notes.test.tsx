// @vitest-environment jsdom

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Notification, NotificationListReply, Relationship } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { NotesMenuItem, UnreadBadge, useUnreadNotes } from './NotesMenuItem.tsx';
import { NotesPage } from './NotesPage.tsx';
import { unreadNotesText } from './noteLinks.ts';

/** How long a step may take on a busy machine (the notes load after the first render). */
const WAIT = { timeout: 10_000 };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const NOTES: Notification[] = [
  {
    id: 'n-3',
    kind: 'shared-updated',
    otherName: 'Sunny',
    relationshipId: 'rel-sunny',
    itemKey: 'step-1',
    createdAt: minutesAgo(5),
    read: false,
  },
  {
    id: 'n-2',
    kind: 'accepted',
    otherName: 'Rowan',
    relationshipId: 'rel-rowan',
    itemKey: null,
    createdAt: minutesAgo(90),
    read: false,
  },
  {
    id: 'n-1',
    kind: 'reviewed',
    otherName: 'Rowan',
    relationshipId: 'rel-rowan',
    itemKey: 'step-1',
    createdAt: minutesAgo(3 * 24 * 60),
    read: true,
  },
];

const sponsorOfSunny: Relationship = {
  relationshipId: 'rel-sunny',
  program: 'SAA',
  status: 'active',
  role: 'sponsor',
  otherRole: 'sponsee',
  displayName: TEST_USER.name,
  otherDisplayName: 'Sunny',
  otherEmail: 'sunny@example.com',
  startedAt: minutesAgo(60 * 24 * 10),
  endedAt: null,
  endReason: null,
  endedByMe: null,
};

/** The notes service with three notes, two unread; reading marks them all read. */
function notesServer() {
  let notes = NOTES.map((n) => ({ ...n }));
  const reply = (): NotificationListReply => ({
    notifications: notes,
    unreadCount: notes.filter((n) => !n.read).length,
  });
  return fakeServer({
    'GET /api/notifications': reply,
    'POST /api/notifications/read': () => {
      notes = notes.map((n) => ({ ...n, read: true }));
      return reply();
    },
    'GET /api/sponsorship/relationships': () => ({ relationships: [sponsorOfSunny] }),
  });
}

/** The user menu's part in notes, as UserMenu puts it together. */
function MenuWithNotes() {
  const unread = useUnreadNotes();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={`Menu${unreadNotesText(unread)}`}>
        Menu
        <UnreadBadge count={unread} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <NotesMenuItem unread={unread} onSelect={() => undefined} />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

describe('notes', { timeout: 30_000 }, () => {
  it('the menu shows the unread count, seen and read out', async () => {
    notesServer();
    const { user } = renderWithProviders(<MenuWithNotes />);
    const trigger = await screen.findByRole('button', { name: 'Menu, 2 unread notes' }, WAIT);
    expect(trigger.textContent).toBe('Menu2');
    await user.click(trigger);
    const item = await screen.findByRole('menuitem', { name: 'Notes, 2 unread' }, WAIT);
    expect(item.textContent).toBe('Notes2');
  });

  it('are not asked for while signed out', async () => {
    const server = notesServer();
    renderWithProviders(<NotesPage />, { account: null });
    await screen.findByText('Sign in to see your notes.', {}, WAIT);
    expect(server.to('GET', '/api/notifications')).toEqual([]);
  });

  it('lists each note’s sentence, when it came and where it leads, and opening the list marks them read', async () => {
    const server = notesServer();
    renderWithProviders(
      <>
        <MenuWithNotes />
        <NotesPage />
      </>,
    );
    await screen.findByRole('heading', { name: 'Notes', level: 1 });
    const updated = await screen.findByRole('link', { name: 'Sunny updated Step 1.' }, WAIT);
    expect(updated.getAttribute('href')).toBe('/sponsees/rel-sunny');
    const accepted = screen.getByRole('link', { name: 'Rowan accepted your invitation.' });
    expect(accepted.getAttribute('href')).toBe('/profile?tab=sponsorship');
    expect(screen.getByRole('link', { name: 'Rowan marked Step 1 reviewed.' }).getAttribute('href')).toBe(
      '/profile?tab=sponsorship',
    );

    const items = screen.getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('5 minutes ago')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('1 hour ago')).toBeTruthy();
    expect(items.map((item) => within(item).queryByText('New') !== null)).toEqual([true, true, false]);

    // Opened: all read once, the header's count gone, the two stay marked new on this visit.
    await screen.findByRole('button', { name: 'Menu' }, WAIT);
    expect(server.to('POST', '/api/notifications/read')).toHaveLength(1);
    expect(screen.getAllByText('New')).toHaveLength(2);
  });

  it('says when there is nothing yet', async () => {
    fakeServer({
      'GET /api/notifications': () => ({ notifications: [], unreadCount: 0 }),
      'GET /api/sponsorship/relationships': () => ({ relationships: [] }),
    });
    renderWithProviders(<NotesPage />);
    await screen.findByText(/^No notes yet\./, {}, WAIT);
  });
});
