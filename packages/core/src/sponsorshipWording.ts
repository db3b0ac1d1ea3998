/**
 * How sponsorship is worded to a person: roles from the reader's side, expiry and resend notices,
 * and the invite page's messages for an invitation that can no longer be answered or a call that failed.
 */

import {
  INVITATION_EXPIRING_SOON_MS,
  INVITE_PAGE_MESSAGES,
  type InvitationStatus,
  SPONSORSHIP_PROGRAMS,
  type SponsorshipRole,
} from './sponsorship.ts';
import { formatDisplayDate } from './steps/dates.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The invite form's choice: the role the invited person is asked to take, worded from the inviter's side. */
export const INVITE_ROLE_CHOICES: readonly { role: SponsorshipRole; label: string; hint: string }[] = [
  { role: 'sponsor', label: 'My sponsor', hint: 'They will guide me through the steps.' },
  { role: 'sponsee', label: 'My sponsee', hint: 'I will guide them through the steps.' },
];

/** A program's display name, e.g. 'Al-Anon' for AL-ANON; other values as they are. */
export function sponsorshipProgramLabel(program: string): string {
  return SPONSORSHIP_PROGRAMS.find((p) => p.value === program)?.label ?? program;
}

/** "your sponsor" / "your sponsee": what the other person is to the reader, given the reader's role. */
export function otherPersonRoleText(readerRole: SponsorshipRole): string {
  return readerRole === 'sponsor' ? 'your sponsee' : 'your sponsor';
}

/** A sent invitation, worded for its inviter. `role` is the role the invitee is asked to take. */
export function sentInvitationText(role: SponsorshipRole, invitee: string): string {
  return role === 'sponsor' ? `You asked ${invitee} to be your sponsor` : `You offered to sponsor ${invitee}`;
}

/** A received invitation, worded for its invitee. */
export function receivedInvitationText(role: SponsorshipRole, inviter: string): string {
  return role === 'sponsor'
    ? `${inviter} asks you to be their sponsor`
    : `${inviter} offers to be your sponsor`;
}

export type ExpiryNotice = { tone: 'info' | 'warning' | 'danger'; text: string };

/**
 * When an invitation's link runs out, as a person reads it: a warning under 3 days,
 * 'Expired' once the time has passed. Times are epoch milliseconds or ISO strings.
 */
export function invitationExpiryNotice(tokenExpiresAt: string | number, now: number): ExpiryNotice {
  const expires = typeof tokenExpiresAt === 'number' ? tokenExpiresAt : Date.parse(tokenExpiresAt);
  const date = formatDisplayDate(new Date(expires));
  const left = expires - now;
  if (left <= 0) return { tone: 'danger', text: `Expired on ${date}` };
  if (left >= INVITATION_EXPIRING_SOON_MS) {
    return { tone: 'info', text: `Expires on ${date}` };
  }
  const days = Math.floor(left / DAY_MS);
  const when = days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`;
  return { tone: 'warning', text: `Expires soon: ${when} (${date})` };
}

/**
 * The invite page's message for an invitation it read but cannot answer (only a pending
 * invitation can be answered); null when it may be answered.
 */
export function invitePageStatusMessage(status: InvitationStatus): string | null {
  if (status === 'pending') return null;
  if (status === 'expired') return INVITE_PAGE_MESSAGES.expired;
  return INVITE_PAGE_MESSAGES.alreadyResponded;
}

/**
 * A message of the invite page for an invitation that cannot be answered, as a signed-in reader gets it:
 * one answered or canceled has 'already been used' (the page then offers their own Sponsorship tab, not
 * Sign In); any other message is the same for everyone.
 */
export function closedInvitationMessage(message: string, signedIn: boolean): string {
  return signedIn && message === INVITE_PAGE_MESSAGES.alreadyResponded
    ? INVITE_PAGE_MESSAGES.alreadyUsed
    : message;
}

/** A failed call as the invite page sees it: `status` 0 when no answer came; `code` is the server's. */
export type InvitePageFailure = { status: number; code?: string | undefined; detail: string };

/**
 * The invite page's message when reading the invitation ('load') or answering it ('respond') failed:
 * a refusal about the invitation itself in the page's own words (a token the server does not know is
 * 'Invitation not found'; a canceled invitation, like an answered one, 'has already been responded to'), any
 * other refusal (4xx) in the server's own readable words, and the page's general failure text when the
 * server failed (5xx) or never answered.
 */
export function invitePageFailureMessage(failure: InvitePageFailure, during: 'load' | 'respond'): string {
  const general = during === 'load' ? INVITE_PAGE_MESSAGES.loadFailed : INVITE_PAGE_MESSAGES.respondFailed;
  if (failure.status < 400 || failure.status >= 500) return general;
  switch (failure.code) {
    case 'invitation_not_found':
    case 'invalid_token':
      return INVITE_PAGE_MESSAGES.notFound;
    case 'expired':
      return INVITE_PAGE_MESSAGES.expired;
    case 'already_responded':
    case 'canceled':
      return INVITE_PAGE_MESSAGES.alreadyResponded;
    case 'invalid_input':
      // Only the token is read from the link: one the server cannot read names no invitation.
      return during === 'load' ? INVITE_PAGE_MESSAGES.notFound : failure.detail || general;
    default:
      return failure.detail || general;
  }
}

/** Whether a sent invitation offers Resend at all: only a pending or an expired one can be sent again. */
export function offersResend(status: InvitationStatus): boolean {
  return status === 'pending' || status === 'expired';
}

/**
 * Why Resend is not available yet, and when it will be (24 hours after the last send); null when it can be
 * sent now or is not offered. The API's `canResend` and `resendAvailableAt` decide; `now` only words the wait.
 */
export function resendWaitNote(
  invitation: { status: InvitationStatus; canResend: boolean; resendAvailableAt: string | number },
  now: number,
): string | null {
  if (!offersResend(invitation.status) || invitation.canResend) return null;
  const at =
    typeof invitation.resendAvailableAt === 'number'
      ? invitation.resendAvailableAt
      : Date.parse(invitation.resendAvailableAt);
  const left = at - now;
  let when: string;
  if (left >= HOUR_MS) {
    const hours = Math.round(left / HOUR_MS);
    when = hours === 1 ? 'in about 1 hour' : `in about ${hours} hours`;
  } else {
    const minutes = Math.max(1, Math.ceil(left / MINUTE_MS));
    when = minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  }
  return `Sent recently. You can send it again ${when}.`;
}

/** A declined invitation and an ended relationship stay in the Sponsorship tab this many days. */
export const RECENTLY_CLOSED_DAYS = 30;

/** Whether something answered or ended at `closedAt` is still shown in the Sponsorship tab. */
export function closedRecently(closedAt: string | null, now: number): boolean {
  if (!closedAt) return false;
  const at = Date.parse(closedAt);
  return Number.isFinite(at) && now - at < RECENTLY_CLOSED_DAYS * DAY_MS;
}

/** A declined invitation, as its inviter reads it. */
export function declinedOnText(respondedAt: string): string {
  return `Declined on ${formatDisplayDate(respondedAt)}`;
}

/** "your former sponsor" / "your former sponsee", given the reader's role in the ended relationship. */
export function formerPersonRoleText(readerRole: SponsorshipRole): string {
  return readerRole === 'sponsor' ? 'your former sponsee' : 'your former sponsor';
}

/** An ended relationship: when, and by whom when it is known. */
export function endedOnText(relationship: {
  endedAt: string | null;
  endedByMe: boolean | null;
  otherDisplayName: string;
}): string {
  const date = relationship.endedAt ? ` on ${formatDisplayDate(relationship.endedAt)}` : '';
  if (relationship.endedByMe === null) return `Ended${date}`;
  return `Ended${date} by ${relationship.endedByMe ? 'you' : relationship.otherDisplayName}`;
}

/** What the invitee reads after answering an invitation in the app. */
export function answeredInAppText(
  answer: {
    status: 'accepted' | 'declined';
    relationship: { otherDisplayName: string; role: SponsorshipRole; program: string } | null;
  },
  inviter: string,
): string {
  const r = answer.relationship;
  if (answer.status === 'accepted' && r) {
    return `Invitation accepted. You and ${r.otherDisplayName} are now connected: ${r.otherDisplayName} is ${otherPersonRoleText(r.role)} in ${sponsorshipProgramLabel(r.program)}.`;
  }
  return `Invitation declined. ${inviter} will see that you said no.`;
}
