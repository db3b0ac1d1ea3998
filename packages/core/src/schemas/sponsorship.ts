import { z } from 'zod';
import {
  INVITATION_STATUSES,
  RELATIONSHIP_STATUSES,
  SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH,
  SPONSORSHIP_DISPLAY_NAME_PATTERN,
  SPONSORSHIP_EMAIL_MAX_LENGTH,
  SPONSORSHIP_PROGRAM_MAX_LENGTH,
  SPONSORSHIP_PROGRAM_MIN_LENGTH,
  SPONSORSHIP_PROGRAM_PATTERN,
  SPONSORSHIP_ROLES,
} from '../sponsorship.ts';
import { emailSchema } from './common.ts';

/** The rules travel with the schemas, so one export line in index.ts serves both. */
export * from '../sponsorship.ts';

/** 1-100 characters of letters (any script), digits, spaces, hyphen, apostrophe and period. */
export const sponsorshipDisplayNameSchema = z
  .string({ error: 'Display name is required' })
  .trim()
  .min(1, 'Display name is required')
  .refine(
    (name) => [...name].length <= SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH,
    `Display name must be at most ${SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH} characters`,
  )
  .refine(
    (name) => SPONSORSHIP_DISPLAY_NAME_PATTERN.test(name),
    'Display name may hold letters, digits, spaces, hyphens, apostrophes and periods only',
  );

export const sponsorshipProgramSchema = z
  .string({ error: 'Program is required' })
  .trim()
  .min(
    SPONSORSHIP_PROGRAM_MIN_LENGTH,
    `Program must be at least ${SPONSORSHIP_PROGRAM_MIN_LENGTH} characters`,
  )
  .max(SPONSORSHIP_PROGRAM_MAX_LENGTH, `Program must be at most ${SPONSORSHIP_PROGRAM_MAX_LENGTH} characters`)
  .regex(
    SPONSORSHIP_PROGRAM_PATTERN,
    'Program may hold uppercase letters, digits, hyphens and underscores only',
  );

export const sponsorshipRoleSchema = z.enum(SPONSORSHIP_ROLES, { error: 'Role must be sponsor or sponsee' });
export const invitationStatusSchema = z.enum(INVITATION_STATUSES, {
  error: 'Status must be pending, accepted, declined, canceled or expired',
});
export const relationshipStatusSchema = z.enum(RELATIONSHIP_STATUSES, {
  error: 'Status must be active or ended',
});

/** Invitation and relationship ids: 128-bit random values, base64url without padding. */
export const sponsorshipIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not an invitation id');
export const relationshipIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a relationship id');
/** The shape is checked by the server so a malformed token gets the same reply as a forged one. */
export const invitationTokenSchema = z
  .string()
  .min(1, 'No invitation token provided')
  .max(2048, 'Token is too long');

/** POST /invitations and POST /invitations/validate. `role` is the role the invitee is asked to take. */
export const createInvitationBodySchema = z.object({
  inviteeEmail: emailSchema,
  inviteeDisplayName: sponsorshipDisplayNameSchema.optional(),
  program: sponsorshipProgramSchema,
  role: sponsorshipRoleSchema,
  /** How the inviter is named to the invitee; defaults to the profile's display name. */
  inviterDisplayName: sponsorshipDisplayNameSchema.optional(),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

/** Validate takes any strings and answers with every problem instead of a 400. */
export const validateInvitationBodySchema = z.object({
  inviteeEmail: z.string().max(1000).optional(),
  inviteeDisplayName: z.string().max(1000).optional(),
  program: z.string().max(1000).optional(),
  role: z.string().max(100).optional(),
  inviterDisplayName: z.string().max(1000).optional(),
});
export type ValidateInvitationBody = z.infer<typeof validateInvitationBodySchema>;

export const validationProblemSchema = z.object({ field: z.string(), code: z.string(), detail: z.string() });
export const validateInvitationReplySchema = z.object({
  valid: z.boolean(),
  errors: z.array(validationProblemSchema),
});
export type ValidateInvitationReply = z.infer<typeof validateInvitationReplySchema>;

/** An invitation as its inviter or invitee sees it (the token is only ever mailed). */
export const invitationSchema = z.object({
  id: z.string(),
  inviterDisplayName: z.string(),
  inviterEmail: z.string(),
  inviteeEmail: z.string(),
  inviteeDisplayName: z.string().nullable(),
  program: z.string(),
  /** The role the invitee is asked to take. */
  role: sponsorshipRoleSchema,
  /** The role the inviter takes (the opposite). */
  inviterRole: sponsorshipRoleSchema,
  /** Status with expiry applied: a pending invitation whose token ran out reads 'expired'. */
  status: invitationStatusSchema,
  /** 'sent' when the reader invited, 'received' when the reader is the invitee. */
  direction: z.enum(['sent', 'received']),
  tokenExpiresAt: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  respondedAt: z.string().nullable(),
  expiringSoon: z.boolean(),
  canCancel: z.boolean(),
  canResend: z.boolean(),
  resendAvailableAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

/** What the invite page reads with the token alone: no inviter e-mail. */
export const publicInvitationSchema = z.object({
  id: z.string(),
  inviterDisplayName: z.string(),
  inviteeEmail: z.string(),
  inviteeDisplayName: z.string().nullable(),
  program: z.string(),
  role: sponsorshipRoleSchema,
  inviterRole: sponsorshipRoleSchema,
  status: invitationStatusSchema,
  tokenExpiresAt: z.string(),
  expiringSoon: z.boolean(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

export const invitationListQuerySchema = z.object({
  status: invitationStatusSchema.optional(),
  direction: z.enum(['sent', 'received'], { error: 'Direction must be sent or received' }).optional(),
});

/** `inviterUserId` is optional; when sent it must name the caller (id or e-mail). */
const callerRef = z.string().max(SPONSORSHIP_EMAIL_MAX_LENGTH).optional();

export const checkDuplicatesBodySchema = z.object({
  inviterUserId: callerRef,
  inviteeEmail: emailSchema,
  program: sponsorshipProgramSchema,
  role: sponsorshipRoleSchema.optional(),
});
export const checkDuplicatesReplySchema = z.object({
  hasDuplicate: z.boolean(),
  invitationId: z.string().nullable(),
  hasActiveRelationship: z.boolean(),
});

export const invitationHistoryBodySchema = z.object({
  inviterUserId: callerRef,
  inviteeEmail: emailSchema,
  program: sponsorshipProgramSchema.optional(),
});

export const suggestionsBodySchema = z.object({
  inviterUserId: callerRef,
  partialEmail: z
    .string()
    .trim()
    .min(1, 'Type at least one character')
    .max(SPONSORSHIP_EMAIL_MAX_LENGTH)
    .toLowerCase(),
});
export const suggestionsReplySchema = z.object({ suggestions: z.array(z.string()) });

export const REPORT_ISSUE_TYPES = ['spam', 'harassment', 'unknown-sender', 'other'] as const;
export const reportBodySchema = z.object({
  invitationId: sponsorshipIdSchema,
  issueType: z.enum(REPORT_ISSUE_TYPES, {
    error: 'Issue type must be spam, harassment, unknown-sender or other',
  }),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
});
export const reportReplySchema = z.object({ message: z.string(), reportId: z.string() });

export const respondBodySchema = z.object({
  invitationId: sponsorshipIdSchema,
  token: invitationTokenSchema,
  accept: z.boolean({ error: 'accept must be true or false' }),
  /** How the invitee is named to the inviter in the relationship. */
  displayName: sponsorshipDisplayNameSchema.optional(),
});
export type RespondBody = z.infer<typeof respondBodySchema>;

/** PUT /invitations/:id/answer: the signed-in invitee answers in the app, without the mailed link. */
export const answerInvitationBodySchema = respondBodySchema.pick({ accept: true, displayName: true });
export type AnswerInvitationBody = z.infer<typeof answerInvitationBodySchema>;

export const linkUserBodySchema = z.object({ userId: callerRef });

/** A relationship as one of its two people sees it. */
export const relationshipSchema = z.object({
  relationshipId: z.string(),
  program: z.string(),
  status: relationshipStatusSchema,
  /** The reader's role in it. */
  role: sponsorshipRoleSchema,
  otherRole: sponsorshipRoleSchema,
  displayName: z.string(),
  otherDisplayName: z.string(),
  /**
   * The other person's current address while the relationship is active; null once it has ended, so a
   * former partner never follows someone who left and moved to a new address.
   */
  otherEmail: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  endedByMe: z.boolean().nullable(),
});
export type Relationship = z.infer<typeof relationshipSchema>;
export const relationshipListSchema = z.object({ relationships: z.array(relationshipSchema) });
export const relationshipListQuerySchema = z.object({
  role: sponsorshipRoleSchema.optional(),
  status: relationshipStatusSchema.optional(),
});

export const respondReplySchema = z.object({
  status: z.enum(['accepted', 'declined']),
  message: z.string(),
  relationship: relationshipSchema.nullable(),
});
export type RespondReply = z.infer<typeof respondReplySchema>;

/** PUT /relationships/{id}: the name the reader is shown as to the other person. */
export const updateRelationshipBodySchema = z.object({ displayName: sponsorshipDisplayNameSchema });
export const endRelationshipBodySchema = z.object({
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').default(''),
});

export const emailChangeBodySchema = z.object({
  oldEmail: emailSchema,
  newEmail: emailSchema,
  userId: callerRef,
});
export const emailChangeReplySchema = z.object({ movedInvitations: z.number(), updatedSent: z.number() });

export const SPONSORSHIP_RATE_LIMITED_ACTIONS = [
  'create_invitation',
  'resend_invitation',
  'respond_invitation',
  'report_invitation',
  'audit_log',
] as const;
export const rateLimitCheckBodySchema = z.object({
  action: z.enum(SPONSORSHIP_RATE_LIMITED_ACTIONS, { error: 'Unknown action' }),
});
export const rateLimitCheckReplySchema = z.object({
  action: z.string(),
  allowed: z.boolean(),
  limit: z.number(),
  windowSeconds: z.number(),
});

const auditValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const auditActionSchema = z
  .string()
  .trim()
  .min(1, 'Action is required')
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Action may hold letters, digits and _ . : - only');
const auditDetailsSchema = z.union([
  z.string().max(1000),
  z.record(z.string().max(50), auditValue).refine((o) => Object.keys(o).length <= 20, 'At most 20 details'),
]);
const auditTimestampSchema = z.iso.datetime({ error: 'Timestamp must be an ISO date-time' });

/** An audit entry to write: POST /audit/log with `action`. */
export const auditLogBodySchema = z.object({
  action: auditActionSchema,
  details: auditDetailsSchema.optional(),
  timestamp: auditTimestampSchema.optional(),
});

/**
 * The body of POST /audit/log, which both writes and reads: with `action` it is an entry
 * to write ({action, details, timestamp}); without it, a read of the caller's own entries, naming the caller
 * as `userId` or nothing at all. Details or a timestamp without an action are a write missing its action.
 */
export const auditLogRequestBodySchema = z
  .object({
    action: auditActionSchema.optional(),
    details: auditDetailsSchema.optional(),
    timestamp: auditTimestampSchema.optional(),
    userId: callerRef,
  })
  .superRefine((body, ctx) => {
    if (body.action === undefined && (body.details !== undefined || body.timestamp !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['action'], message: 'Action is required' });
    }
    if (body.action !== undefined && body.userId !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['userId'],
        message: 'userId is only for reading the log: leave it out when writing an entry',
      });
    }
  });
export type AuditLogRequestBody = z.infer<typeof auditLogRequestBodySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  details: z.unknown(),
  timestamp: z.string().nullable(),
  createdAt: z.string(),
});
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export const AUDIT_LIST_DEFAULT_LIMIT = 50;
/** `?limit=` of POST /audit/log: only a read takes it (1-200, default 50). */
export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
/** What POST /audit/log answers: `{message}` for a write, `{entries}` for a read. */
export const auditLogReplySchema = z.union([z.object({ message: z.string() }), auditListSchema]);

export const sponsorshipStatsSchema = z.object({
  pendingSent: z.number(),
  pendingReceived: z.number(),
  activeRelationships: z.number(),
  endedRelationships: z.number(),
  asSponsor: z.number(),
  asSponsee: z.number(),
  maxPendingInvitations: z.number(),
  maxActiveRelationships: z.number(),
});
export type SponsorshipStats = z.infer<typeof sponsorshipStatsSchema>;
