import type { Notification, SponsorshipRole } from '@sam/core';

/** The Profile page opened on its Sponsorship tab. */
export const SPONSORSHIP_TAB_PATH = '/profile?tab=sponsorship';

/** The sponsor's page of one sponsee's space. */
export const sponseeSpacePath = (relationshipId: string) => `/sponsees/${encodeURIComponent(relationshipId)}`;

/** Notes about something in a space (comments, reviews, shared items); the others are about the relationship. */
const SPACE_KINDS: ReadonlySet<Notification['kind']> = new Set(['comment', 'reviewed', 'shared-updated']);

/**
 * Where a note leads: a space note to the sponsee's space for their sponsor, everything else (and anything
 * for a sponsee) to the Sponsorship tab. `roleIn` gives the reader's role in a relationship they are still
 * in, or null.
 */
export function noteHref(
  note: Pick<Notification, 'kind' | 'relationshipId'>,
  roleIn: (relationshipId: string) => SponsorshipRole | null,
): string {
  if (!SPACE_KINDS.has(note.kind) || !note.relationshipId) return SPONSORSHIP_TAB_PATH;
  return roleIn(note.relationshipId) === 'sponsor'
    ? sponseeSpacePath(note.relationshipId)
    : SPONSORSHIP_TAB_PATH;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** When a note came: "just now", minutes or hours ago within the day, then the local date and time. */
export function noteTimeText(createdAt: string, now: number, locale?: string): string {
  const at = Date.parse(createdAt);
  const ago = now - at;
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) {
    const minutes = Math.floor(ago / MINUTE_MS);
    return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  }
  if (ago < DAY_MS) {
    const hours = Math.floor(ago / HOUR_MS);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  return new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The Notes entry's accessible name: "Notes", or "Notes, 2 unread". */
export function notesLabel(unread: number): string {
  return unread > 0 ? `Notes, ${unread} unread` : 'Notes';
}

/** Added to the menu button's name while notes are unread: ", 1 unread note", ", 2 unread notes". */
export function unreadNotesText(unread: number): string {
  if (unread <= 0) return '';
  return unread === 1 ? ', 1 unread note' : `, ${unread} unread notes`;
}
