// Rows of the sponsorship tables as the API answers them, seen by one reader at one moment.
import {
  canCancel,
  canResend,
  effectiveStatus,
  type Invitation,
  type InvitationState,
  isExpiringSoon,
  oppositeRole,
  type PublicInvitation,
  type Relationship,
  resendAvailableAt,
  type SponsorshipRole,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import type { InvitationRow } from '../../db/invitations.ts';
import { emailsOfUsers, type RelationshipRow } from '../../db/relationships.ts';
import type { UserRow } from '../../db/users.ts';
import { isInviter } from './access.ts';

export const iso = (ms: number) => new Date(ms).toISOString();

export const invitationState = (row: InvitationRow): InvitationState => ({
  status: row.status,
  tokenExpiresAt: row.token_expires_at,
  lastSentAt: row.last_sent_at,
});

export function toInvitation(row: InvitationRow, reader: UserRow, now: number): Invitation {
  const state = invitationState(row);
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
    status: effectiveStatus(state, now),
    direction: sent ? 'sent' : 'received',
    tokenExpiresAt: iso(row.token_expires_at),
    createdAt: iso(row.created_at),
    lastSentAt: iso(row.last_sent_at),
    respondedAt: row.responded_at === null ? null : iso(row.responded_at),
    expiringSoon: isExpiringSoon(state, now),
    canCancel: sent && canCancel(state, now),
    canResend: sent && canResend(state, now),
    resendAvailableAt: iso(resendAvailableAt(state)),
  };
}

/** What the invite page shows to whoever holds the link: nothing about the inviter's account. */
export function toPublicInvitation(row: InvitationRow, now: number): PublicInvitation {
  const state = invitationState(row);
  return {
    id: row.id,
    inviterDisplayName: row.inviter_display_name,
    inviteeEmail: row.invitee_email,
    inviteeDisplayName: row.invitee_display_name,
    program: row.program,
    role: row.role,
    inviterRole: oppositeRole(row.role),
    status: effectiveStatus(state, now),
    tokenExpiresAt: iso(row.token_expires_at),
    expiringSoon: isExpiringSoon(state, now),
  };
}

const otherUserId = (row: RelationshipRow, reader: UserRow) =>
  row.sponsor_user_id === reader.id ? row.sponsee_user_id : row.sponsor_user_id;

function toRelationship(row: RelationshipRow, reader: UserRow, otherEmail: string | null): Relationship {
  const role: SponsorshipRole = row.sponsor_user_id === reader.id ? 'sponsor' : 'sponsee';
  return {
    relationshipId: row.id,
    program: row.program,
    status: row.status,
    role,
    otherRole: oppositeRole(role),
    displayName: role === 'sponsor' ? row.sponsor_display_name : row.sponsee_display_name,
    otherDisplayName: role === 'sponsor' ? row.sponsee_display_name : row.sponsor_display_name,
    otherEmail,
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    endReason: row.end_reason,
    endedByMe: row.ended_by_user_id === null ? null : row.ended_by_user_id === reader.id,
  };
}

/**
 * Relationships as the reader sees them: an active one with the other person's current e-mail (one query
 * for all), an ended one with none, so nothing the other person does after the end reaches the reader.
 */
export async function relationshipReplies(
  db: Db,
  rows: RelationshipRow[],
  reader: UserRow,
): Promise<Relationship[]> {
  const active = rows.filter((row) => row.status === 'active');
  const emails = await emailsOfUsers(db, [...new Set(active.map((row) => otherUserId(row, reader)))]);
  return rows.map((row) =>
    toRelationship(
      row,
      reader,
      row.status === 'active' ? (emails.get(otherUserId(row, reader)) ?? '') : null,
    ),
  );
}

export async function relationshipReply(
  db: Db,
  row: RelationshipRow,
  reader: UserRow,
): Promise<Relationship> {
  return (await relationshipReplies(db, [row], reader))[0] as Relationship;
}
