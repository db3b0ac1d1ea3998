import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNotes } from './api.ts';
import { notesLabel } from './noteLinks.ts';
import styles from './notifications.module.css';

/** How many notes are unread (0 while they load or when signed out). */
export function useUnreadNotes(): number {
  return useNotes().data?.unreadCount ?? 0;
}

/** The unread count as a small badge; hidden from screen readers, which hear it in the names instead. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The user menu's way to the notes, with the unread count ("Notes, 2 unread"). */
export function NotesMenuItem({
  unread,
  className,
  onSelect,
}: {
  unread: number;
  className?: string | undefined;
  onSelect: () => void;
}) {
  return (
    <DropdownMenu.Item className={className} onSelect={onSelect} aria-label={notesLabel(unread)}>
      <span className={styles.itemText}>Notes</span>
      <UnreadBadge count={unread} />
    </DropdownMenu.Item>
  );
}
