// Sponsor-sponsee relationships once an invitation is accepted: reading, renaming and ending them.
import {
  canEndRelationship,
  SPONSORSHIP_MESSAGES as M,
  type Relationship,
  type SponsorshipRole,
} from '@sam/core';
import type { InvitationRow } from '../../db/invitations.ts';
import {
  endActiveRelationship,
  listRelationshipsOf,
  type RelationshipRow,
  updateRelationship as updateRelationshipRow,
} from '../../db/relationships.ts';
import { closeSpaceFor } from '../../db/sponsorSpaces.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { visibleRelationship } from './access.ts';
import { writeAudit } from './auditLog.ts';
import { relationshipReplies, relationshipReply } from './replies.ts';

/** The relationship an accepted invitation starts: the invitee takes the role the invitation offered. */
export function newRelationshipRow(
  invitation: InvitationRow,
  invitee: UserRow,
  inviteeName: string,
  id: string,
  now: number,
): RelationshipRow {
  const inviteeIsSponsor = invitation.role === 'sponsor';
  return {
    id,
    invitation_id: invitation.id,
    sponsor_user_id: inviteeIsSponsor ? invitee.id : invitation.inviter_user_id,
    sponsee_user_id: inviteeIsSponsor ? invitation.inviter_user_id : invitee.id,
    program: invitation.program,
    status: 'active',
    sponsor_display_name: inviteeIsSponsor ? inviteeName : invitation.inviter_display_name,
    sponsee_display_name: inviteeIsSponsor ? invitation.inviter_display_name : inviteeName,
    started_at: now,
    ended_at: null,
    ended_by_user_id: null,
    end_reason: null,
    updated_at: now,
  };
}

export async function getRelationship(deps: AppDeps, user: UserRow, id: string): Promise<Relationship> {
  return relationshipReply(deps.db, await visibleRelationship(deps.db, user, id), user);
}

export async function listRelationships(
  deps: AppDeps,
  user: UserRow,
  filter: { role?: SponsorshipRole; status?: 'active' | 'ended' },
): Promise<Relationship[]> {
  return relationshipReplies(deps.db, await listRelationshipsOf(deps.db, user.id, filter), user);
}

/** Changes how the caller is named to the other person in this relationship. */
export async function updateRelationship(
  deps: AppDeps,
  user: UserRow,
  id: string,
  displayName: string,
): Promise<Relationship> {
  const row = await visibleRelationship(deps.db, user, id);
  const column = row.sponsor_user_id === user.id ? 'sponsor_display_name' : 'sponsee_display_name';
  const now = deps.now();
  await updateRelationshipRow(deps.db, id, { [column]: displayName, updated_at: now });
  await writeAudit(deps, user.id, 'relationship.updated', { relationshipId: id });
  return relationshipReply(deps.db, { ...row, [column]: displayName, updated_at: now }, user);
}

export async function endRelationship(
  deps: AppDeps,
  user: UserRow,
  id: string,
  reason: string,
): Promise<Relationship> {
  const row = await visibleRelationship(deps.db, user, id);
  if (!canEndRelationship(row)) throw conflict(M.cannotEnd, 'cannot_end');
  const now = deps.now();
  const changes = {
    ended_at: now,
    ended_by_user_id: user.id,
    end_reason: reason || null,
    updated_at: now,
  };
  // The sponsor loses the space in the same transaction: no moment where the relationship ended but they still read.
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await endActiveRelationship(trx, id, changes))) return false;
    await closeSpaceFor(trx, id, row.sponsor_user_id);
    const endedBySponsor = row.sponsor_user_id === user.id;
    await notify(
      trx,
      {
        userId: endedBySponsor ? row.sponsee_user_id : row.sponsor_user_id,
        kind: 'ended',
        otherName: endedBySponsor ? row.sponsor_display_name : row.sponsee_display_name,
        relationshipId: id,
      },
      now,
    );
    return true;
  });
  deps.outbox.kick();
  if (!ended) throw conflict(M.cannotEnd, 'cannot_end');
  await writeAudit(deps, user.id, 'relationship.ended', { relationshipId: id });
  return relationshipReply(deps.db, { ...row, ...changes, status: 'ended' }, user);
}
