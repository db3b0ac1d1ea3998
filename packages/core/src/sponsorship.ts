import { fellowshipById } from './fellowships.ts';
/**
 * Sponsorship rules shared by the server and the web app.
 *
 * `role` on an invitation is the role the INVITED person is asked to take: an invitation with role
 * 'sponsor' asks the invitee to become the inviter's sponsor (so the inviter is the sponsee).
 * On a relationship, `role` is the role of the person reading it.
 */

import { EMAIL_MAX_LENGTH, PERSON_NAME_PATTERN } from './constants.ts';

export const SPONSORSHIP_ROLES = ['sponsor', 'sponsee'] as const;
export type SponsorshipRole = (typeof SPONSORSHIP_ROLES)[number];

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'canceled', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const RELATIONSHIP_STATUSES = ['active', 'ended'] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const INVITATION_TOKEN_TTL_DAYS = 30;
export const INVITATION_EXPIRING_SOON_DAYS = 3;
export const INVITATION_RESEND_COOLDOWN_HOURS = 24;
export const MAX_PENDING_INVITATIONS = 10;
export const MAX_ACTIVE_RELATIONSHIPS = 5;

/** An invitation's address is an account address: the same schema (`emailSchema`), so the same limit. */
export const SPONSORSHIP_EMAIL_MAX_LENGTH = EMAIL_MAX_LENGTH;
export const SPONSORSHIP_DISPLAY_NAME_MIN_LENGTH = 1;
export const SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH = 100;
export const SPONSORSHIP_PROGRAM_MIN_LENGTH = 2;
export const SPONSORSHIP_PROGRAM_MAX_LENGTH = 20;

export const SPONSORSHIP_DISPLAY_NAME_PATTERN = PERSON_NAME_PATTERN;
export const SPONSORSHIP_PROGRAM_PATTERN = /^[A-Z0-9_-]+$/;
/** An invitation token is a JWT: three base64url parts separated by dots. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The programs the sponsorship area offers, in its order: six of SAM's fellowships, and Al-Anon (for
 * families and friends), which SAM does not otherwise list. Values are 2-20 upper-case characters.
 */
export const SPONSORSHIP_PROGRAMS = [
  ...(['saa', 'aa', 'na', 'ga', 'oa', 'da'] as const).map((id) => {
    const { code, initials } = fellowshipById(id);
    return { value: code as string, label: initials as string };
  }),
  { value: 'AL-ANON', label: 'Al-Anon' },
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const INVITATION_TOKEN_TTL_MS = INVITATION_TOKEN_TTL_DAYS * DAY_MS;
export const INVITATION_EXPIRING_SOON_MS = INVITATION_EXPIRING_SOON_DAYS * DAY_MS;
export const INVITATION_RESEND_COOLDOWN_MS = INVITATION_RESEND_COOLDOWN_HOURS * HOUR_MS;

export function isValidSponsorshipDisplayName(name: string): boolean {
  const length = [...name].length;
  return (
    length >= SPONSORSHIP_DISPLAY_NAME_MIN_LENGTH &&
    length <= SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH &&
    SPONSORSHIP_DISPLAY_NAME_PATTERN.test(name)
  );
}

export function isValidSponsorshipProgram(program: string): boolean {
  return (
    program.length >= SPONSORSHIP_PROGRAM_MIN_LENGTH &&
    program.length <= SPONSORSHIP_PROGRAM_MAX_LENGTH &&
    SPONSORSHIP_PROGRAM_PATTERN.test(program)
  );
}

export function isInvitationTokenShape(token: string): boolean {
  return INVITATION_TOKEN_PATTERN.test(token);
}

export function oppositeRole(role: SponsorshipRole): SponsorshipRole {
  return role === 'sponsor' ? 'sponsee' : 'sponsor';
}

/** Times are epoch milliseconds or ISO strings (as the API sends them). */
type Time = number | string;
const ms = (time: Time) => (typeof time === 'number' ? time : Date.parse(time));

/** What the rules read of an invitation; `lastSentAt` is when its newest link was mailed. */
export type InvitationState = {
  status: InvitationStatus;
  tokenExpiresAt: Time;
  lastSentAt?: Time | null;
};

/** The allowed moves of the stored status; 'expired' is reached by time, and resend brings it back. */
export const INVITATION_TRANSITIONS: Readonly<Record<InvitationStatus, readonly InvitationStatus[]>> = {
  pending: ['accepted', 'declined', 'canceled', 'expired', 'pending'],
  expired: ['pending'],
  accepted: [],
  declined: [],
  canceled: [],
};

export function canTransition(from: InvitationStatus, to: InvitationStatus): boolean {
  return INVITATION_TRANSITIONS[from].includes(to);
}

/** The status a person sees: a pending invitation whose token has run out is expired. */
export function effectiveStatus(invitation: InvitationState, now: number): InvitationStatus {
  if (invitation.status === 'pending' && ms(invitation.tokenExpiresAt) <= now) return 'expired';
  return invitation.status;
}

/** Only a pending invitation is active, and only while its token has not expired. */
export function isActive(invitation: InvitationState, now: number): boolean {
  return effectiveStatus(invitation, now) === 'pending';
}

/** Cancel is allowed while the invitation is pending (and still active). */
export function canCancel(invitation: InvitationState, now: number): boolean {
  return isActive(invitation, now);
}

/** When the next resend is allowed (24 hours after the last send). */
export function resendAvailableAt(invitation: InvitationState): number {
  return invitation.lastSentAt == null ? 0 : ms(invitation.lastSentAt) + INVITATION_RESEND_COOLDOWN_MS;
}

/** Resend is allowed for a pending or expired invitation, once the 24-hour cooldown has passed. */
export function canResend(invitation: InvitationState, now: number): boolean {
  const status = effectiveStatus(invitation, now);
  return (status === 'pending' || status === 'expired') && now >= resendAvailableAt(invitation);
}

/** An active invitation with less than 3 days left. */
export function isExpiringSoon(invitation: InvitationState, now: number): boolean {
  return isActive(invitation, now) && ms(invitation.tokenExpiresAt) - now < INVITATION_EXPIRING_SOON_MS;
}

export const RELATIONSHIP_TRANSITIONS: Readonly<Record<RelationshipStatus, readonly RelationshipStatus[]>> = {
  active: ['ended'],
  ended: [],
};

export function canEndRelationship(relationship: { status: RelationshipStatus }): boolean {
  return RELATIONSHIP_TRANSITIONS[relationship.status].includes('ended');
}

/** Messages of the invite page. */
export const INVITE_PAGE_MESSAGES = {
  noToken: 'No invitation token provided',
  notFound: 'Invitation not found',
  expired: 'This invitation has expired',
  alreadyResponded: 'This invitation has already been responded to',
  alreadyUsed: 'This invitation has already been used.',
  yourSponsorship: 'Your sponsors, sponsees and invitations are in your profile, under Sponsorship.',
  loadFailed: 'Failed to load invitation. Please check the link and try again.',
  respondFailed: 'Failed to process your response. Please try again.',
} as const;

/** Server refusals of the sponsorship API: a readable `detail` per stable `code`. */
export const SPONSORSHIP_MESSAGES = {
  invitationNotFound: INVITE_PAGE_MESSAGES.notFound,
  relationshipNotFound: 'Relationship not found',
  expired: INVITE_PAGE_MESSAGES.expired,
  alreadyResponded: INVITE_PAGE_MESSAGES.alreadyResponded,
  canceled: 'This invitation was canceled by the person who sent it',
  invalidToken: 'Invalid or expired token',
  tokenReplaced:
    'This invitation link was replaced by a newer one. Please use the link in the latest e-mail.',
  duplicate: 'An invitation already exists for this email and program',
  selfInvitation: 'You cannot invite yourself',
  selfRelationship: 'You cannot have a sponsorship relationship with yourself',
  maxPending: `You can have at most ${MAX_PENDING_INVITATIONS} pending invitations. Cancel one or wait for an answer before sending another.`,
  maxRelationships: `You already have ${MAX_ACTIVE_RELATIONSHIPS} active sponsorship relationships, the most allowed. End one first.`,
  otherMaxRelationships: `The other person already has ${MAX_ACTIVE_RELATIONSHIPS} active sponsorship relationships, the most allowed.`,
  relationshipExists: 'You already have an active relationship with this person in this program',
  cannotCancel: 'Only a pending invitation can be canceled',
  cannotResend: 'Only a pending or expired invitation can be resent',
  resendCooldown: `An invitation can be resent once every ${INVITATION_RESEND_COOLDOWN_HOURS} hours. Please try again later.`,
  notInviter: 'Only the person who sent this invitation can do that',
  wrongAccount:
    'This invitation was sent to a different e-mail address. Sign in with that address to accept it.',
  signInToAccept: 'Please sign in or create an account with the invited e-mail address to accept.',
  notYourEmail: 'You can only look up invitations for your own e-mail address',
  notYou: 'You can only do this for your own account',
  cannotEnd: 'This relationship has already ended',
  sameEmail: 'The old and new e-mail addresses are the same',
  accepted: 'Invitation accepted',
  declined: 'Invitation declined',
  reported: 'Thank you. Your report has been recorded.',
  logged: 'Logged',
} as const;
