// Invitations as their inviter and invitee handle them once signed in: send, resend, cancel, link, read.
import { randomBytes } from 'node:crypto';
import {
  type CreateInvitationBody,
  canCancel,
  canResend,
  effectiveStatus,
  INVITATION_TOKEN_TTL_MS,
  type Invitation,
  type InvitationStatus,
  isActive,
  SPONSORSHIP_MESSAGES as M,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import {
  type InvitationRow,
  insertInvitation,
  insertReport,
  listInvitationsOf,
  moveLinkedInvitations,
  updateInvitation,
  updateInviterEmail,
  updatePendingInvitation,
} from '../../db/invitations.ts';
import { enqueueMail } from '../../db/mailOutbox.ts';
import { findProfile } from '../../db/profiles.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, forbidden, gone } from '../../http/errors.ts';
import { invitationMail } from '../../mail/messages.ts';
import { assertCaller, isInvitee, isInviter, visibleInvitation } from './access.ts';
import { writeAudit } from './auditLog.ts';
import { claimInvitationSlot, createRuleProblem, hitLimit } from './limits.ts';
import { invitationState, toInvitation } from './replies.ts';
import { issueInvitationToken } from './tokens.ts';

export const newId = () => randomBytes(16).toString('base64url');

/** The name a person goes by here: their profile's display name, else their account name. */
export async function displayNameOf(db: Db, user: UserRow): Promise<string> {
  return (await findProfile(db, user.id))?.display_name || user.name;
}

/** Queues the invitation mail in the transaction that wrote the invitation: both are kept or neither. */
async function queueInvitationMail(
  deps: AppDeps,
  trx: Db,
  row: InvitationRow,
  token: string,
  resent: boolean,
): Promise<void> {
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

const keyOf = (row: InvitationRow) => ({
  inviterUserId: row.inviter_user_id,
  inviteeEmail: row.invitee_email,
  program: row.program,
  role: row.role,
});

export async function createInvitation(
  deps: AppDeps,
  user: UserRow,
  body: CreateInvitationBody,
  ip: string,
): Promise<Invitation> {
  await hitLimit(deps, 'create_invitation', user, ip);
  const now = deps.now();
  const problem = await createRuleProblem(deps.db, user, body, now);
  if (problem) throw problem;
  const id = newId();
  const issued = issueInvitationToken(deps.secret, id, now, now + INVITATION_TOKEN_TTL_MS);
  const row: InvitationRow = {
    id,
    inviter_user_id: user.id,
    inviter_email: user.email,
    inviter_display_name: body.inviterDisplayName ?? (await displayNameOf(deps.db, user)),
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
  await deps.db.transaction().execute(async (trx) => {
    await claimInvitationSlot(trx, deps.dialect, keyOf(row), now);
    await insertInvitation(trx, row);
    await queueInvitationMail(deps, trx, row, issued.token, false);
  });
  deps.outbox.kick();
  await writeAudit(deps, user.id, 'invitation.created', {
    invitationId: id,
    program: row.program,
    role: row.role,
  });
  return toInvitation(row, user, deps.now());
}

export async function getInvitation(deps: AppDeps, user: UserRow, id: string): Promise<Invitation> {
  return toInvitation(await visibleInvitation(deps.db, user, id), user, deps.now());
}

export async function listInvitations(
  deps: AppDeps,
  user: UserRow,
  filter: { status?: InvitationStatus; direction?: 'sent' | 'received' },
): Promise<Invitation[]> {
  return (await listInvitationsOf(deps.db, user))
    .map((row) => toInvitation(row, user, deps.now()))
    .filter((inv) => (filter.status ? inv.status === filter.status : true))
    .filter((inv) => (filter.direction ? inv.direction === filter.direction : true));
}

export async function pendingInvitationsFor(
  deps: AppDeps,
  user: UserRow,
  email: string,
): Promise<Invitation[]> {
  if (email !== user.email) throw forbidden(M.notYourEmail, 'not_your_email');
  return (await listInvitationsOf(deps.db, user))
    .filter((row) => isInvitee(row, user) && isActive(invitationState(row), deps.now()))
    .map((row) => toInvitation(row, user, deps.now()));
}

/** 410 for an expired invitation, 409 for a canceled or answered one; nothing while it is still open. */
export function assertStillOpen(row: InvitationRow, now: number): void {
  const status = effectiveStatus(invitationState(row), now);
  if (status === 'pending') return;
  if (status === 'expired') throw gone(M.expired, 'expired');
  if (status === 'canceled') throw conflict(M.canceled, 'canceled');
  throw conflict(M.alreadyResponded, 'already_responded');
}

/** The invitation, if the caller sent it; 403 for its invitee. */
async function sentInvitation(deps: AppDeps, user: UserRow, id: string): Promise<InvitationRow> {
  const row = await visibleInvitation(deps.db, user, id);
  if (!isInviter(row, user)) throw forbidden(M.notInviter, 'not_inviter');
  return row;
}

export async function cancelInvitation(deps: AppDeps, user: UserRow, id: string): Promise<Invitation> {
  const row = await sentInvitation(deps, user, id);
  const now = deps.now();
  if (!canCancel(invitationState(row), now)) throw conflict(M.cannotCancel, 'cannot_cancel');
  const changes = { status: 'canceled' as const, updated_at: now };
  if (!(await updatePendingInvitation(deps.db, id, row.token_hash, changes))) {
    throw conflict(M.cannotCancel, 'cannot_cancel');
  }
  await writeAudit(deps, user.id, 'invitation.canceled', { invitationId: id });
  return toInvitation({ ...row, ...changes }, user, deps.now());
}

/** A new token and a new 30-day expiry, mailed again; not within 24 hours of the last send. */
export async function resendInvitation(
  deps: AppDeps,
  user: UserRow,
  id: string,
  ip: string,
): Promise<Invitation> {
  const row = await sentInvitation(deps, user, id);
  const now = deps.now();
  const status = effectiveStatus(invitationState(row), now);
  if (status !== 'pending' && status !== 'expired') throw conflict(M.cannotResend, 'cannot_resend');
  if (!canResend(invitationState(row), now)) throw conflict(M.resendCooldown, 'resend_cooldown');
  await hitLimit(deps, 'resend_invitation', user, ip);
  const issued = issueInvitationToken(deps.secret, id, now, now + INVITATION_TOKEN_TTL_MS);
  const changes = {
    // The inviter's address as it is now: a resent invitation is a new ask.
    inviter_email: user.email,
    token_hash: issued.hash,
    token_expires_at: issued.expiresAt,
    last_sent_at: now,
    send_count: row.send_count + 1,
    updated_at: now,
  };
  const updated = { ...row, ...changes };
  const resent = await deps.db.transaction().execute(async (trx) => {
    // An expired invitation comes back to life: it needs a slot like a new one.
    if (status === 'expired') await claimInvitationSlot(trx, deps.dialect, keyOf(row), now);
    if (!(await updatePendingInvitation(trx, id, row.token_hash, changes))) return false;
    await queueInvitationMail(deps, trx, updated, issued.token, true);
    return true;
  });
  if (!resent) throw conflict(M.cannotResend, 'cannot_resend');
  deps.outbox.kick();
  await writeAudit(deps, user.id, 'invitation.resent', { invitationId: id });
  return toInvitation(updated, user, deps.now());
}

/** Links a pending invitation to the signed-in invitee's account. */
export async function linkInvitee(
  deps: AppDeps,
  user: UserRow,
  id: string,
  userRef: string | undefined,
): Promise<Invitation> {
  assertCaller(user, userRef);
  const row = await visibleInvitation(deps.db, user, id);
  if (row.invitee_email !== user.email) throw forbidden(M.wrongAccount, 'wrong_account');
  assertStillOpen(row, deps.now());
  await updateInvitation(deps.db, id, { invitee_user_id: user.id, updated_at: deps.now() });
  return toInvitation({ ...row, invitee_user_id: user.id }, user, deps.now());
}

export async function reportInvitation(
  deps: AppDeps,
  user: UserRow,
  body: { invitationId: string; issueType: string; description: string },
  ip: string,
) {
  await hitLimit(deps, 'report_invitation', user, ip);
  await visibleInvitation(deps.db, user, body.invitationId);
  const reportId = newId();
  await insertReport(deps.db, {
    id: reportId,
    invitation_id: body.invitationId,
    reporter_user_id: user.id,
    issue_type: body.issueType,
    description: body.description,
    created_at: deps.now(),
  });
  await writeAudit(deps, user.id, 'invitation.reported', {
    invitationId: body.invitationId,
    issueType: body.issueType,
  });
  return { message: M.reported, reportId };
}

/**
 * After the caller's e-mail changed (newEmail is the account's address now): invitations they linked
 * follow the new address, and their sent invitations carry it. Unlinked invitations stay with the old
 * address, since nothing proves the caller owned it.
 */
export async function followEmailChange(
  deps: AppDeps,
  user: UserRow,
  body: { oldEmail: string; newEmail: string; userId?: string },
) {
  assertCaller(user, body.userId);
  if (body.newEmail !== user.email) throw forbidden(M.notYou, 'not_you');
  if (body.oldEmail === body.newEmail) throw badRequest(M.sameEmail, 'same_email');
  const now = deps.now();
  const movedInvitations = await moveLinkedInvitations(deps.db, user.id, body.oldEmail, body.newEmail, now);
  const updatedSent = await updateInviterEmail(deps.db, user.id, body.newEmail, now);
  await writeAudit(deps, user.id, 'email.changed', { movedInvitations, updatedSent });
  return { movedInvitations, updatedSent };
}
