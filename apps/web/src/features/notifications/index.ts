/** What other features use from notifications: they import it from here, never its files. */

export { NoteEmailSetting } from './NoteEmailSetting.tsx';
export { NotesMenuItem, UnreadBadge, useUnreadNotes } from './NotesMenuItem.tsx';
export { unreadNotesText } from './noteLinks.ts';
