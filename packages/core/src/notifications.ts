/**
 * In-app notes of what happened between two people in SAM (a comment, a review, an invitation answered, a
 * relationship ended, a shared item updated), and the e-mail that says only that there is something new.
 */
import { type SpaceItemKey, spaceItemLabel } from './sponsorSpace.ts';

export const NOTIFICATION_KINDS = [
  'comment',
  'reviewed',
  'shared-updated',
  'accepted',
  'declined',
  'ended',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A person keeps at most this many notes; older ones are deleted as new ones come. */
export const MAX_NOTIFICATIONS = 100;
/** At most one e-mail about new notes per person in this time. */
export const NOTICE_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/** The sentence a note shows, naming the other person as they chose to be named. */
export function notificationText(
  kind: NotificationKind,
  otherName: string,
  itemKey: SpaceItemKey | null,
): string {
  const item = itemKey ? spaceItemLabel(itemKey) : 'something you shared';
  switch (kind) {
    case 'comment':
      return `${otherName} wrote a comment on ${item}.`;
    case 'reviewed':
      return `${otherName} marked ${item} reviewed.`;
    case 'shared-updated':
      return `${otherName} updated ${item}.`;
    case 'accepted':
      return `${otherName} accepted your invitation.`;
    case 'declined':
      return `${otherName} declined your invitation.`;
    case 'ended':
      return `${otherName} ended your sponsorship relationship.`;
  }
}

/**
 * The e-mail about new notes: neutral, so that whoever sees the inbox learns nothing; never content, never
 * what SAM is for.
 */
export const NOTICE_MAIL = {
  subject: 'You have a new note in SAM',
  text: 'Hello,\n\nYou have a new note in SAM. Sign in to read it.\n\nTake care,\nSAM\n\nYou can turn these e-mails off in SAM, under Profile.',
} as const;
