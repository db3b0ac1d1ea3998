import { randomBytes } from 'node:crypto';
import {
  AUDIT_LIST_DEFAULT_LIMIT,
  type AuditLogRequestBody,
  type CreateInvitationBody,
  canCancel,
  canEndRelationship,
  canResend,
  createInvitationBodySchema,
  effectiveStatus,
  INVITATION_TOKEN_TTL_MS,
  type Invitation,
  type InvitationState,
  type InvitationStatus,
  isActive,
  isExpiringSoon,
  SPONSORSHIP_MESSAGES as M,
  MAX_ACTIVE_RELATIONSHIPS,
  MAX_PENDING_INVITATIONS,
  oppositeRole,
  type PublicInvitation,
  type Relationship,
  type RespondBody,
  type RespondReply,
  resendAvailableAt,
  type SponsorshipRole,
  type SponsorshipStats,
  type ValidateInvitationBody,
  type ValidateInvitationReply,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import {
  countActiveReceived,
  countActiveSent,
  findActiveDuplicate,
  findInvitation,
  type InvitationRow,
  insertInvitation,
  insertReport,
  listInvitationsOf,
  listInvitedEmails,
  listSentTo,
  moveLinkedInvitations,
  updateInvitation,
  updateInviterEmail,
  updatePendingInvitation,
} from '../../db/invitations.ts';
import { enqueueMail } from '../../db/mailOutbox.ts';
import { findProfile } from '../../db/profiles.ts';
import {
  countRelationshipsOf,
  emailsOfUsers,
  endActiveRelationship,
  findActiveBetween,
  findRelationship,
  insertRelationship,
  listRelationshipsOf,
  type RelationshipRow,
  updateRelationship,
} from '../../db/relationships.ts';
import { insertSponsorshipAudit, listSponsorshipAudit } from '../../db/sponsorshipAudit.ts';
import { findUserByEmail, lockUsers, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import {
  badRequest,
  conflict,
  forbidden,
  gone,
  HttpError,
  notFound,
  unauthorized,
} from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';
import { invitationMail } from '../../mail/messages.ts';
import { hashInvitationToken, issueInvitationToken, verifyInvitationToken } from './tokens.ts';

/** Rate limits of the sponsorship actions: per user, except the token routes (per address). */
export const SPONSORSHIP_LIMITS = {
  create_invitation: { limit: 20, windowMs: HOUR, per: 'user' },
  resend_invitation: { limit: 20, windowMs: HOUR, per: 'user' },
  respond_invitation: { limit: 60, windowMs: HOUR, per: 'ip' },
  report_invitation: { limit: 10, windowMs: HOUR, per: 'user' },
  audit_log: { limit: 120, windowMs: HOUR, per: 'user' },
  read_token: { limit: 120, windowMs: MINUTE, per: 'ip' },
} as const;
export type SponsorshipAction = keyof typeof SPONSORSHIP_LIMITS;

const iso = (ms: number) => new Date(ms).toISOString();
const newId = () => randomBytes(16).toString('base64url');

const state = (row: InvitationRow): InvitationState => ({
  status: row.status,
  tokenExpiresAt: row.token_expires_at,
  lastSentAt: row.last_sent_at,
});

const isInviter = (row: InvitationRow, user: UserRow) => row.inviter_user_id === user.id;
const isInvitee = (row: InvitationRow, user: UserRow) =>
  row.invitee_email === user.email || row.invitee_user_id === user.id;

const invitationNotFound = () => notFound(M.invitationNotFound, 'invitation_not_found');
const relationshipNotFound = () => notFound(M.relationshipNotFound, 'relationship_not_found');
const invalidToken = () => badRequest(M.invalidToken, 'invalid_token');
/** The invitation mail could not be sent; the caller has undone what it stored, so trying again is safe. */

export function createSponsorshipService(deps: AppDeps) {
  const { db } = deps;

  const bucket = (action: SponsorshipAction, user: UserRow | undefined, ip: string) => {
    const rule = SPONSORSHIP_LIMITS[action];
    return `${rule.per === 'user' ? `user:${user?.id}` : `ip:${ip}`}:sponsorship-${action}`;
  };

  async function limit(action: SponsorshipAction, user: UserRow | undefined, ip: string): Promise<void> {
    const rule = SPONSORSHIP_LIMITS[action];
    await deps.limiter.hit(bucket(action, user, ip), rule.limit, rule.windowMs);
  }

  async function audit(userId: string, action: string, details: unknown, clientTimestamp?: string) {
    await insertSponsorshipAudit(db, {
      user_id: userId,
      action,
      details: JSON.stringify(details ?? null),
      client_timestamp: clientTimestamp ?? null,
      created_at: deps.now(),
    });
  }

  async function displayNameOf(user: UserRow): Promise<string> {
    return (await findProfile(db, user.id))?.display_name || user.name;
  }

  function toInvitation(row: InvitationRow, reader: UserRow): Invitation {
    const now = deps.now();
    const sent = isInviter(row, reader);
    return {
      id: row.id,
      inviterDisplayName: row.inviter_display_name,
      inviterEmail: row.inviter_email,
      inviteeEmail: row.invitee_email,
      inviteeDisplayName: row.invitee_display_name,
      program: row.program,
      role: row.role,
      inviterRole: oppositeRole(row.role),
      status: effectiveStatus(state(row), now),
      direction: sent ? 'sent' : 'received',
      tokenExpiresAt: iso(row.token_expires_at),
      createdAt: iso(row.created_at),
      lastSentAt: iso(row.last_sent_at),
      respondedAt: row.responded_at === null ? null : iso(row.responded_at),
      expiringSoon: isExpiringSoon(state(row), now),
      canCancel: sent && canCancel(state(row), now),
      canResend: sent && canResend(state(row), now),
      resendAvailableAt: iso(resendAvailableAt(state(row))),
    };
  }

  async function toRelationships(rows: RelationshipRow[], reader: UserRow): Promise<Relationship[]> {
    const others = rows.map((r) => (r.sponsor_user_id === reader.id ? r.sponsee_user_id : r.sponsor_user_id));
    const emails = await emailsOfUsers(db, [...new Set(others)]);
    return rows.map((row, i) => {
      const role: SponsorshipRole = row.sponsor_user_id === reader.id ? 'sponsor' : 'sponsee';
      return {
        relationshipId: row.id,
        program: row.program,
        status: row.status,
        role,
        otherRole: oppositeRole(role),
        displayName: role === 'sponsor' ? row.sponsor_display_name : row.sponsee_display_name,
        otherDisplayName: role === 'sponsor' ? row.sponsee_display_name : row.sponsor_display_name,
        otherEmail: emails.get(others[i] as string) ?? '',
        startedAt: iso(row.started_at),
        endedAt: row.ended_at === null ? null : iso(row.ended_at),
        endReason: row.end_reason,
        endedByMe: row.ended_by_user_id === null ? null : row.ended_by_user_id === reader.id,
      };
    });
  }

  async function toRelationship(row: RelationshipRow, reader: UserRow): Promise<Relationship> {
    return (await toRelationships([row], reader))[0] as Relationship;
  }

  /** An invitation the reader is part of (inviter, or invitee by e-mail or link); 404 for anyone else. */
  async function visibleInvitation(user: UserRow, id: string): Promise<InvitationRow> {
    const row = await findInvitation(db, id);
    if (!row || !(isInviter(row, user) || isInvitee(row, user))) throw invitationNotFound();
    return row;
  }

  async function visibleRelationship(user: UserRow, id: string): Promise<RelationshipRow> {
    const row = await findRelationship(db, id);
    if (!row || (row.sponsor_user_id !== user.id && row.sponsee_user_id !== user.id)) {
      throw relationshipNotFound();
    }
    return row;
  }

  /** `inviterUserId`/`userId` of the spec's bodies may only name the caller (by id or e-mail). */
  function assertCaller(user: UserRow, ref: string | undefined): void {
    if (ref !== undefined && ref !== user.id && ref.toLowerCase() !== user.email) {
      throw forbidden(M.notYou, 'not_you');
    }
  }

  /** The rules of a new invitation beyond its shape; null when it may be sent. */
  async function createRuleProblem(
    user: UserRow,
    body: CreateInvitationBody,
    now: number,
  ): Promise<HttpError | null> {
    if (body.inviteeEmail === user.email) return badRequest(M.selfInvitation, 'self_invitation');
    const key = {
      inviterUserId: user.id,
      inviteeEmail: body.inviteeEmail,
      program: body.program,
      role: body.role,
    };
    if (await findActiveDuplicate(db, key, now)) return conflict(M.duplicate, 'duplicate_invitation');
    const invitee = await findUserByEmail(db, body.inviteeEmail);
    if (invitee && (await findActiveBetween(db, user.id, invitee.id, body.program))) {
      return conflict(M.relationshipExists, 'relationship_exists');
    }
    if ((await countActiveSent(db, user.id, now)) >= MAX_PENDING_INVITATIONS) {
      return conflict(M.maxPending, 'max_pending_invitations');
    }
    if ((await countRelationshipsOf(db, user.id, 'active')) >= MAX_ACTIVE_RELATIONSHIPS) {
      return conflict(M.maxRelationships, 'max_relationships');
    }
    return null;
  }

  type InvitationKey = { inviterUserId: string; inviteeEmail: string; program: string; role: string };

  /**
   * Inside the transaction that writes a live invitation, alone for this inviter: no other live one for the
   * same person, program and role, and room under the pending limit. Requests sent at the same moment cannot
   * all pass these checks before any is written.
   */
  async function claimInvitationSlot(trx: Db, key: InvitationKey, now: number): Promise<void> {
    await lockUsers(trx, deps.dialect, [key.inviterUserId]);
    if (await findActiveDuplicate(trx, key, now)) throw conflict(M.duplicate, 'duplicate_invitation');
    if ((await countActiveSent(trx, key.inviterUserId, now)) >= MAX_PENDING_INVITATIONS) {
      throw conflict(M.maxPending, 'max_pending_invitations');
    }
  }

  /** Queues the invitation mail in the transaction that wrote the invitation: both are kept or neither. */
  async function queueInvitationMail(trx: Db, row: InvitationRow, token: string, resent: boolean) {
    const mail = invitationMail(row.invitee_email, {
      inviterName: row.inviter_display_name,
      inviteeName: row.invitee_display_name,
      role: row.role,
      program: row.program,
      link: `${deps.config.appOrigin}/invite?token=${token}`,
      expiresAt: row.token_expires_at,
      resent,
    });
    const message = { kind: 'message' as const, recipient: mail.to, subject: mail.subject, body: mail.text };
    await enqueueMail(trx, { ...message, expires_at: row.token_expires_at }, deps.now());
  }

  /**
   * The invitation a token names, after checking the signature, that it is the newest link, that it
   * has not been used, and that it has not expired.
   */
  async function invitationOfToken(token: string, invitationId?: string): Promise<InvitationRow> {
    const payload = verifyInvitationToken(deps.secret, token);
    if (!payload || (invitationId !== undefined && payload.sub !== invitationId)) throw invalidToken();
    const row = await findInvitation(db, payload.sub);
    if (!row) throw invitationNotFound();
    if (row.token_hash !== hashInvitationToken(token)) {
      throw badRequest(M.tokenReplaced, 'token_replaced');
    }
    if (row.status === 'accepted' || row.status === 'declined') {
      throw conflict(M.alreadyResponded, 'already_responded');
    }
    if (row.status === 'canceled') throw conflict(M.canceled, 'canceled');
    if (!isActive(state(row), deps.now())) throw gone(M.expired, 'expired');
    return row;
  }

  return {
    limit,

    /** Whether an action is allowed now, without counting it. */
    async checkLimit(action: SponsorshipAction, user: UserRow, ip: string) {
      const rule = SPONSORSHIP_LIMITS[action];
      let allowed = true;
      try {
        await deps.limiter.check(bucket(action, user, ip), rule.limit, rule.windowMs);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
        allowed = false;
      }
      return { action, allowed, limit: rule.limit, windowSeconds: rule.windowMs / 1000 };
    },

    async create(user: UserRow, body: CreateInvitationBody, ip: string): Promise<Invitation> {
      await limit('create_invitation', user, ip);
      const now = deps.now();
      const problem = await createRuleProblem(user, body, now);
      if (problem) throw problem;
      const id = newId();
      const issued = issueInvitationToken(deps.secret, id, now, now + INVITATION_TOKEN_TTL_MS);
      const row: InvitationRow = {
        id,
        inviter_user_id: user.id,
        inviter_email: user.email,
        inviter_display_name: body.inviterDisplayName ?? (await displayNameOf(user)),
        invitee_email: body.inviteeEmail,
        invitee_display_name: body.inviteeDisplayName ?? null,
        invitee_user_id: null,
        program: body.program,
        role: body.role,
        status: 'pending',
        token_hash: issued.hash,
        token_expires_at: issued.expiresAt,
        send_count: 1,
        last_sent_at: now,
        responded_at: null,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await claimInvitationSlot(
          trx,
          { inviterUserId: user.id, inviteeEmail: row.invitee_email, program: row.program, role: row.role },
          now,
        );
        await insertInvitation(trx, row);
        await queueInvitationMail(trx, row, issued.token, false);
      });
      deps.outbox.kick();
      await audit(user.id, 'invitation.created', { invitationId: id, program: row.program, role: row.role });
      return toInvitation(row, user);
    },

    /** Every problem of an invitation body, without creating it. */
    async validate(user: UserRow, body: ValidateInvitationBody): Promise<ValidateInvitationReply> {
      const parsed = createInvitationBodySchema.safeParse(body);
      if (!parsed.success) {
        return {
          valid: false,
          errors: parsed.error.issues.map((issue) => ({
            field: issue.path.join('.'),
            code: 'invalid_field',
            detail: issue.message,
          })),
        };
      }
      const problem = await createRuleProblem(user, parsed.data, deps.now());
      if (!problem) return { valid: true, errors: [] };
      const field = ['self_invitation', 'duplicate_invitation', 'relationship_exists'].includes(problem.code)
        ? 'inviteeEmail'
        : '';
      return { valid: false, errors: [{ field, code: problem.code, detail: problem.message }] };
    },

    async get(user: UserRow, id: string): Promise<Invitation> {
      return toInvitation(await visibleInvitation(user, id), user);
    },

    /** What the invite page shows, with the token alone. */
    async byToken(token: string, ip: string): Promise<PublicInvitation> {
      await limit('read_token', undefined, ip);
      const row = await invitationOfToken(token);
      const now = deps.now();
      return {
        id: row.id,
        inviterDisplayName: row.inviter_display_name,
        inviteeEmail: row.invitee_email,
        inviteeDisplayName: row.invitee_display_name,
        program: row.program,
        role: row.role,
        inviterRole: oppositeRole(row.role),
        status: effectiveStatus(state(row), now),
        tokenExpiresAt: iso(row.token_expires_at),
        expiringSoon: isExpiringSoon(state(row), now),
      };
    },

    async list(
      user: UserRow,
      filter: { status?: InvitationStatus; direction?: 'sent' | 'received' },
    ): Promise<Invitation[]> {
      return (await listInvitationsOf(db, user))
        .map((row) => toInvitation(row, user))
        .filter((inv) => (filter.status ? inv.status === filter.status : true))
        .filter((inv) => (filter.direction ? inv.direction === filter.direction : true));
    },

    async pendingFor(user: UserRow, email: string): Promise<Invitation[]> {
      if (email !== user.email) throw forbidden(M.notYourEmail, 'not_your_email');
      return (await listInvitationsOf(db, user))
        .filter((row) => isInvitee(row, user) && isActive(state(row), deps.now()))
        .map((row) => toInvitation(row, user));
    },

    async cancel(user: UserRow, id: string): Promise<Invitation> {
      const row = await visibleInvitation(user, id);
      if (!isInviter(row, user)) throw forbidden(M.notInviter, 'not_inviter');
      const now = deps.now();
      if (!canCancel(state(row), now)) throw conflict(M.cannotCancel, 'cannot_cancel');
      if (!(await updatePendingInvitation(db, id, row.token_hash, { status: 'canceled', updated_at: now }))) {
        throw conflict(M.cannotCancel, 'cannot_cancel');
      }
      await audit(user.id, 'invitation.canceled', { invitationId: id });
      return toInvitation({ ...row, status: 'canceled', updated_at: now }, user);
    },

    /** A new token and a new 30-day expiry, mailed again; not within 24 hours of the last send. */
    async resend(user: UserRow, id: string, ip: string): Promise<Invitation> {
      const row = await visibleInvitation(user, id);
      if (!isInviter(row, user)) throw forbidden(M.notInviter, 'not_inviter');
      const now = deps.now();
      const status = effectiveStatus(state(row), now);
      if (status !== 'pending' && status !== 'expired') throw conflict(M.cannotResend, 'cannot_resend');
      if (!canResend(state(row), now)) throw conflict(M.resendCooldown, 'resend_cooldown');
      await limit('resend_invitation', user, ip);
      const issued = issueInvitationToken(deps.secret, id, now, now + INVITATION_TOKEN_TTL_MS);
      const changes = {
        token_hash: issued.hash,
        token_expires_at: issued.expiresAt,
        last_sent_at: now,
        send_count: row.send_count + 1,
        updated_at: now,
      };
      const updated = { ...row, ...changes };
      const resent = await db.transaction().execute(async (trx) => {
        // An expired invitation comes back to life: it needs a slot like a new one.
        if (status === 'expired') {
          const key = {
            inviterUserId: user.id,
            inviteeEmail: row.invitee_email,
            program: row.program,
            role: row.role,
          };
          await claimInvitationSlot(trx, key, now);
        }
        if (!(await updatePendingInvitation(trx, id, row.token_hash, changes))) return false;
        await queueInvitationMail(trx, updated, issued.token, true);
        return true;
      });
      if (!resent) throw conflict(M.cannotResend, 'cannot_resend');
      deps.outbox.kick();
      await audit(user.id, 'invitation.resent', { invitationId: id });
      return toInvitation(updated, user);
    },

    async checkDuplicates(
      user: UserRow,
      body: { inviterUserId?: string; inviteeEmail: string; program: string; role?: SponsorshipRole },
    ) {
      assertCaller(user, body.inviterUserId);
      const now = deps.now();
      const key = {
        inviterUserId: user.id,
        inviteeEmail: body.inviteeEmail,
        program: body.program,
        role: body.role,
      };
      const duplicate = await findActiveDuplicate(db, key, now);
      const invitee = await findUserByEmail(db, body.inviteeEmail);
      const related = invitee ? await findActiveBetween(db, user.id, invitee.id, body.program) : undefined;
      return {
        hasDuplicate: duplicate !== undefined,
        invitationId: duplicate?.id ?? null,
        hasActiveRelationship: related !== undefined,
      };
    },

    async history(user: UserRow, body: { inviterUserId?: string; inviteeEmail: string; program?: string }) {
      assertCaller(user, body.inviterUserId);
      return (await listSentTo(db, user.id, body.inviteeEmail, body.program)).map((row) =>
        toInvitation(row, user),
      );
    },

    /** Addresses the caller invited before that start with what was typed; nothing about other accounts. */
    async suggestions(user: UserRow, body: { inviterUserId?: string; partialEmail: string }) {
      assertCaller(user, body.inviterUserId);
      const emails = await listInvitedEmails(db, user.id);
      return emails.filter((email) => email.startsWith(body.partialEmail)).slice(0, 10);
    },

    async report(
      user: UserRow,
      body: { invitationId: string; issueType: string; description: string },
      ip: string,
    ) {
      await limit('report_invitation', user, ip);
      await visibleInvitation(user, body.invitationId);
      const reportId = newId();
      await insertReport(db, {
        id: reportId,
        invitation_id: body.invitationId,
        reporter_user_id: user.id,
        issue_type: body.issueType,
        description: body.description,
        created_at: deps.now(),
      });
      await audit(user.id, 'invitation.reported', {
        invitationId: body.invitationId,
        issueType: body.issueType,
      });
      return { message: M.reported, reportId };
    },

    /**
     * Accepting needs the invitee signed in (their account's e-mail is the invited one); declining needs
     * only the valid token. Either way the token is used once.
     */
    async respond(user: UserRow | undefined, body: RespondBody, ip: string): Promise<RespondReply> {
      await limit('respond_invitation', undefined, ip);
      const row = await invitationOfToken(body.token, body.invitationId);
      const now = deps.now();
      if (!body.accept) {
        const done = await updatePendingInvitation(db, row.id, row.token_hash, {
          status: 'declined',
          responded_at: now,
          updated_at: now,
        });
        if (!done) throw conflict(M.alreadyResponded, 'already_responded');
        if (user) await audit(user.id, 'invitation.declined', { invitationId: row.id });
        return { status: 'declined', message: M.declined, relationship: null };
      }

      if (!user) throw unauthorized(M.signInToAccept, 'sign_in_required');
      if (row.inviter_user_id === user.id) throw badRequest(M.selfRelationship, 'self_relationship');
      if (!isInvitee(row, user) || (row.invitee_user_id !== null && row.invitee_user_id !== user.id)) {
        throw forbidden(M.wrongAccount, 'wrong_account');
      }
      const inviteeName = body.displayName ?? (await displayNameOf(user));
      const relationship: RelationshipRow = {
        id: newId(),
        invitation_id: row.id,
        sponsor_user_id: row.role === 'sponsor' ? user.id : row.inviter_user_id,
        sponsee_user_id: row.role === 'sponsor' ? row.inviter_user_id : user.id,
        program: row.program,
        status: 'active',
        sponsor_display_name: row.role === 'sponsor' ? inviteeName : row.inviter_display_name,
        sponsee_display_name: row.role === 'sponsor' ? row.inviter_display_name : inviteeName,
        started_at: now,
        ended_at: null,
        ended_by_user_id: null,
        end_reason: null,
        updated_at: now,
      };
      // Alone for both people: accepts at the same moment cannot all pass the relationship limits.
      await db.transaction().execute(async (trx) => {
        await lockUsers(trx, deps.dialect, [user.id, row.inviter_user_id]);
        if (await findActiveBetween(trx, user.id, row.inviter_user_id, row.program)) {
          throw conflict(M.relationshipExists, 'relationship_exists');
        }
        if ((await countRelationshipsOf(trx, user.id, 'active')) >= MAX_ACTIVE_RELATIONSHIPS) {
          throw conflict(M.maxRelationships, 'max_relationships');
        }
        if ((await countRelationshipsOf(trx, row.inviter_user_id, 'active')) >= MAX_ACTIVE_RELATIONSHIPS) {
          throw conflict(M.otherMaxRelationships, 'other_max_relationships');
        }
        const done = await updatePendingInvitation(trx, row.id, row.token_hash, {
          status: 'accepted',
          invitee_user_id: user.id,
          responded_at: now,
          updated_at: now,
        });
        if (!done) throw conflict(M.alreadyResponded, 'already_responded');
        await insertRelationship(trx, relationship);
      });
      await audit(user.id, 'invitation.accepted', { invitationId: row.id, relationshipId: relationship.id });
      return {
        status: 'accepted',
        message: M.accepted,
        relationship: await toRelationship(relationship, user),
      };
    },

    /** Links a pending invitation to the signed-in invitee's account. */
    async linkUser(user: UserRow, id: string, userRef: string | undefined): Promise<Invitation> {
      assertCaller(user, userRef);
      const row = await visibleInvitation(user, id);
      if (row.invitee_email !== user.email) throw forbidden(M.wrongAccount, 'wrong_account');
      if (!isActive(state(row), deps.now())) {
        const status = effectiveStatus(state(row), deps.now());
        if (status === 'expired') throw gone(M.expired, 'expired');
        if (status === 'canceled') throw conflict(M.canceled, 'canceled');
        throw conflict(M.alreadyResponded, 'already_responded');
      }
      await updateInvitation(db, id, { invitee_user_id: user.id, updated_at: deps.now() });
      return toInvitation({ ...row, invitee_user_id: user.id }, user);
    },

    async getRelationship(user: UserRow, id: string): Promise<Relationship> {
      return toRelationship(await visibleRelationship(user, id), user);
    },

    async listRelationships(
      user: UserRow,
      filter: { role?: SponsorshipRole; status?: 'active' | 'ended' },
    ): Promise<Relationship[]> {
      return toRelationships(await listRelationshipsOf(db, user.id, filter), user);
    },

    /** Changes how the caller is named to the other person in this relationship. */
    async updateRelationship(user: UserRow, id: string, displayName: string): Promise<Relationship> {
      const row = await visibleRelationship(user, id);
      const column = row.sponsor_user_id === user.id ? 'sponsor_display_name' : 'sponsee_display_name';
      const now = deps.now();
      await updateRelationship(db, id, { [column]: displayName, updated_at: now });
      await audit(user.id, 'relationship.updated', { relationshipId: id });
      return toRelationship({ ...row, [column]: displayName, updated_at: now }, user);
    },

    async endRelationship(user: UserRow, id: string, reason: string): Promise<Relationship> {
      const row = await visibleRelationship(user, id);
      if (!canEndRelationship(row)) throw conflict(M.cannotEnd, 'cannot_end');
      const now = deps.now();
      const changes = {
        ended_at: now,
        ended_by_user_id: user.id,
        end_reason: reason || null,
        updated_at: now,
      };
      if (!(await endActiveRelationship(db, id, changes))) throw conflict(M.cannotEnd, 'cannot_end');
      await audit(user.id, 'relationship.ended', { relationshipId: id });
      return toRelationship({ ...row, ...changes, status: 'ended' }, user);
    },

    /**
     * After the caller's e-mail changed (newEmail is the account's address now): invitations they linked
     * follow the new address, and their sent invitations carry it. Unlinked invitations stay with the old
     * address, since nothing proves the caller owned it.
     */
    async emailChange(user: UserRow, body: { oldEmail: string; newEmail: string; userId?: string }) {
      assertCaller(user, body.userId);
      if (body.newEmail !== user.email) throw forbidden(M.notYou, 'not_you');
      if (body.oldEmail === body.newEmail) throw badRequest(M.sameEmail, 'same_email');
      const now = deps.now();
      const movedInvitations = await moveLinkedInvitations(db, user.id, body.oldEmail, body.newEmail, now);
      const updatedSent = await updateInviterEmail(db, user.id, body.newEmail, now);
      await audit(user.id, 'email.changed', { movedInvitations, updatedSent });
      return { movedInvitations, updatedSent };
    },

    /**
     * POST /audit/log (spec part 2 §7) both writes and reads the log: a body with `action` writes one
     * entry; one without reads the caller's newest entries, `max` of them (the query's `?limit=`). `userId`
     * may only name the caller.
     */
    async auditLog(user: UserRow, body: AuditLogRequestBody, max: number | undefined, ip: string) {
      const { action, details, timestamp, userId } = body;
      if (action === undefined) {
        assertCaller(user, userId);
        const rows = await listSponsorshipAudit(db, user.id, max ?? AUDIT_LIST_DEFAULT_LIMIT);
        return {
          entries: rows.map((row) => ({
            id: Number(row.id),
            action: row.action,
            details: JSON.parse(row.details) as unknown,
            timestamp: row.client_timestamp,
            createdAt: iso(row.created_at),
          })),
        };
      }
      if (max !== undefined) {
        throw badRequest(
          'limit: ?limit= is only for reading the log; leave it out when writing an entry',
          'invalid_input',
        );
      }
      await limit('audit_log', user, ip);
      await audit(user.id, action, details, timestamp);
      return { message: M.logged };
    },

    async stats(user: UserRow): Promise<SponsorshipStats> {
      const now = deps.now();
      return {
        pendingSent: await countActiveSent(db, user.id, now),
        pendingReceived: await countActiveReceived(db, user, now),
        activeRelationships: await countRelationshipsOf(db, user.id, 'active'),
        endedRelationships: await countRelationshipsOf(db, user.id, 'ended'),
        asSponsor: await countRelationshipsOf(db, user.id, 'active', 'sponsor'),
        asSponsee: await countRelationshipsOf(db, user.id, 'active', 'sponsee'),
        maxPendingInvitations: MAX_PENDING_INVITATIONS,
        maxActiveRelationships: MAX_ACTIVE_RELATIONSHIPS,
      };
    },
  };
}
