import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { SessionUser } from '@sam/core';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/index.ts';
import {
  NotesMenuItem,
  UnreadBadge,
  unreadNotesText,
  useUnreadNotes,
} from '../features/notifications/index.ts';
import { useShellDialogs } from './shellDialogs.tsx';
import styles from './UserMenu.module.css';

/** The signed-in menu of the header. */
export function UserMenu({ user }: { user: SessionUser }) {
  const dialogs = useShellDialogs();
  const logout = useLogout();
  const navigate = useNavigate();
  const unread = useUnreadNotes();
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  const trigger = useRef<HTMLButtonElement>(null);
  // A chosen item runs once the menu has closed and focus is back on its button, so the dialog it opens
  // returns focus there when it closes.
  const pending = useRef<(() => void) | null>(null);
  const afterClose = (action: () => void) => () => {
    pending.current = action;
  };

  return (
    // Non-modal: a modal menu would fight the dialogs its items open for focus and pointer events.
    <DropdownMenu.Root modal={false} onOpenChange={(open) => (open ? logout.prepare() : undefined)}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={styles.trigger}
        aria-label={`Menu, signed in as ${user.name}${unreadNotesText(unread)}`}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initial}
          <UnreadBadge count={unread} />
        </span>
        <span>Menu</span>
      </DropdownMenu.Trigger>
      {/* Not portalled to <body>: the open menu stays inside the header's banner landmark. */}
      <DropdownMenu.Content
        className={styles.menu}
        align="end"
        sideOffset={6}
        collisionPadding={8}
        onCloseAutoFocus={(event) => {
          const action = pending.current;
          pending.current = null;
          if (!action) return;
          event.preventDefault();
          trigger.current?.focus();
          action();
        }}
      >
        <DropdownMenu.Label className={styles.label}>
          Signed in as <strong>{user.name}</strong>
        </DropdownMenu.Label>
        <NotesMenuItem unread={unread} className={styles.item} onSelect={() => navigate('/notes')} />
        <DropdownMenu.Item className={styles.item} onSelect={afterClose(() => dialogs.open('profile'))}>
          Profile
        </DropdownMenu.Item>
        <DropdownMenu.Item className={styles.item} onSelect={afterClose(() => dialogs.open('backup'))}>
          Backup &amp; Restore
        </DropdownMenu.Item>
        <DropdownMenu.Item className={styles.item} onSelect={afterClose(() => dialogs.open('share'))}>
          Share
        </DropdownMenu.Item>
        <DropdownMenu.Item className={styles.item} onSelect={afterClose(() => dialogs.open('feedback'))}>
          Feedback
        </DropdownMenu.Item>
        {user.isAdmin ? (
          <DropdownMenu.Item className={styles.item} onSelect={() => navigate('/admin')}>
            Admin
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator className={styles.separator} />
        <DropdownMenu.Item className={styles.item} onSelect={afterClose(() => dialogs.open('about'))}>
          About
        </DropdownMenu.Item>
        <DropdownMenu.Item className={styles.item} onSelect={afterClose(() => dialogs.open('privacy'))}>
          Privacy
        </DropdownMenu.Item>
        <DropdownMenu.Separator className={styles.separator} />
        {/* At once, in the tap's own task: the sign-in leaves storage before anything else happens. */}
        <DropdownMenu.Item className={styles.item} onSelect={() => logout()}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
