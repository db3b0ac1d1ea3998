/**
 * How sponsorship is worded to a person (issue 8): roles from the reader's side, expiry notices, and the
 * invite page's message for an invitation that can no longer be answered.
 */

import {
  INVITATION_EXPIRING_SOON_MS,
  INVITE_PAGE_MESSAGES,
  type InvitationStatus,
  SPONSORSHIP_PROGRAMS,
  type SponsorshipRole,
} from './sponsorship.ts';
import { formatDisplayDate } from './steps/dates.ts';

const DAY_MS = 86_400_000;

/** The invite form's choice: the role the invited person is asked to take, worded from the inviter's side. */
export const INVITE_ROLE_CHOICES: readonly { role: SponsorshipRole; label: string; hint: string }[] = [
  { role: 'sponsor', label: 'My sponsor', hint: 'They will guide me through the steps.' },
  { role: 'sponsee', label: 'My sponsee', hint: 'I will guide them through the steps.' },
];

/** A program's display name (spec part 2 §9), e.g. 'Al-Anon' for AL-ANON; other values as they are. */
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
 * When an invitation's link runs out, as a person reads it: a warning under 3 days (spec part 2 §9),
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
 * The invite page's message for an invitation it read but cannot answer (spec part 2 §5: only a pending
 * invitation is answered); null when it may be answered.
 */
export function invitePageStatusMessage(status: InvitationStatus): string | null {
  if (status === 'pending') return null;
  if (status === 'expired') return INVITE_PAGE_MESSAGES.expired;
  return INVITE_PAGE_MESSAGES.alreadyResponded;
}
