// The link in an invitation mail: what its token opens, and accepting or declining with it.
import {
  SPONSORSHIP_MESSAGES as M,
  type PublicInvitation,
  type RespondBody,
  type RespondReply,
} from '@sam/core';
import { findInvitation, type InvitationRow, updatePendingInvitation } from '../../db/invitations.ts';
import { insertRelationship } from '../../db/relationships.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { invitationNotFound, isInvitee, visibleInvitation } from './access.ts';
import { writeAudit } from './auditLog.ts';
import { assertStillOpen, displayNameOf, newId } from './invitations.ts';
import { claimRelationshipSlot, hitLimit } from './limits.ts';
import { newRelationshipRow } from './relationships.ts';
import { relationshipReply, toPublicInvitation } from './replies.ts';
import { hashInvitationToken, verifyInvitationToken } from './tokens.ts';

/**
 * The invitation a token names, after checking the signature, that it is the newest link, that it
 * has not been used, and that it has not expired.
 */
async function invitationOfToken(
  deps: AppDeps,
  token: string,
  invitationId?: string,
): Promise<InvitationRow> {
  const payload = verifyInvitationToken(deps.secret, token);
  if (!payload || (invitationId !== undefined && payload.sub !== invitationId)) {
    throw badRequest(M.invalidToken, 'invalid_token');
  }
  const row = await findInvitation(deps.db, payload.sub);
  if (!row) throw invitationNotFound();
  if (row.token_hash !== hashInvitationToken(token)) {
    throw badRequest(M.tokenReplaced, 'token_replaced');
  }
  assertStillOpen(row, deps.now());
  return row;
}

/** How the invitee is named to the inviter before they answer: the name the inviter gave, else a kind phrase. */
const inviteeNameOf = (row: InvitationRow) => row.invitee_display_name ?? 'The person you invited';

/** What the invite page shows, with the token alone. */
export async function invitationByToken(deps: AppDeps, token: string, ip: string): Promise<PublicInvitation> {
  await hitLimit(deps, 'read_token', undefined, ip);
  const row = await invitationOfToken(deps, token);
  return toPublicInvitation(row, deps.now());
}

/**
 * Accepting needs the invitee signed in (their account's e-mail is the invited one); declining needs
 * only the valid token. Either way the token is used once.
 */
export async function respondToInvitation(
  deps: AppDeps,
  user: UserRow | undefined,
  body: RespondBody,
  ip: string,
): Promise<RespondReply> {
  await hitLimit(deps, 'respond_invitation', undefined, ip);
  const row = await invitationOfToken(deps, body.token, body.invitationId);
  if (!body.accept) return declineInvitation(deps, user, row);
  if (!user) throw unauthorized(M.signInToAccept, 'sign_in_required');
  return acceptInvitation(deps, user, row, body.displayName);
}

/** Profile › Sponsorship: the signed-in invitee answers an invitation addressed to them, without the link. */
export async function respondInApp(
  deps: AppDeps,
  user: UserRow,
  invitationId: string,
  answer: { accept: boolean; displayName?: string | undefined },
): Promise<RespondReply> {
  const row = await visibleInvitation(deps.db, user, invitationId);
  if (!isInvitee(row, user)) throw forbidden(M.wrongAccount, 'wrong_account');
  assertStillOpen(row, deps.now());
  return answer.accept
    ? acceptInvitation(deps, user, row, answer.displayName)
    : declineInvitation(deps, user, row);
}

async function declineInvitation(
  deps: AppDeps,
  user: UserRow | undefined,
  row: InvitationRow,
): Promise<RespondReply> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const done = await updatePendingInvitation(trx, row.id, row.token_hash, {
      status: 'declined',
      responded_at: now,
      updated_at: now,
    });
    if (!done) throw conflict(M.alreadyResponded, 'already_responded');
    await notify(trx, { userId: row.inviter_user_id, kind: 'declined', otherName: inviteeNameOf(row) }, now);
  });
  deps.outbox.kick();
  if (user) await writeAudit(deps, user.id, 'invitation.declined', { invitationId: row.id });
  return { status: 'declined', message: M.declined, relationship: null };
}

async function acceptInvitation(
  deps: AppDeps,
  user: UserRow,
  row: InvitationRow,
  displayName: string | undefined,
): Promise<RespondReply> {
  if (row.inviter_user_id === user.id) throw badRequest(M.selfRelationship, 'self_relationship');
  if (!isInvitee(row, user) || (row.invitee_user_id !== null && row.invitee_user_id !== user.id)) {
    throw forbidden(M.wrongAccount, 'wrong_account');
  }
  const now = deps.now();
  const inviteeName = displayName ?? (await displayNameOf(deps.db, user));
  const relationship = newRelationshipRow(row, user, inviteeName, newId(), now);
  await deps.db.transaction().execute(async (trx) => {
    await claimRelationshipSlot(trx, deps.dialect, user.id, row.inviter_user_id, row.program);
    const done = await updatePendingInvitation(trx, row.id, row.token_hash, {
      status: 'accepted',
      invitee_user_id: user.id,
      responded_at: now,
      updated_at: now,
    });
    if (!done) throw conflict(M.alreadyResponded, 'already_responded');
    await insertRelationship(trx, relationship);
    const note = { kind: 'accepted', otherName: inviteeName, relationshipId: relationship.id } as const;
    await notify(trx, { ...note, userId: row.inviter_user_id }, now);
  });
  deps.outbox.kick();
  await writeAudit(deps, user.id, 'invitation.accepted', {
    invitationId: row.id,
    relationshipId: relationship.id,
  });
  return {
    status: 'accepted',
    message: M.accepted,
    relationship: await relationshipReply(deps.db, relationship, user),
  };
}
