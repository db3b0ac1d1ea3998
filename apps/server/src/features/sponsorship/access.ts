// Who may see which invitation or relationship: anyone not part of a record gets the same 404.
import { SPONSORSHIP_MESSAGES as M } from '@sam/core';
import type { Db } from '../../db/index.ts';
import { findInvitation, type InvitationRow } from '../../db/invitations.ts';
import { findRelationship, type RelationshipRow } from '../../db/relationships.ts';
import type { UserRow } from '../../db/users.ts';
import { forbidden, notFound } from '../../http/errors.ts';

export const isInviter = (row: InvitationRow, user: UserRow) => row.inviter_user_id === user.id;
export const isInvitee = (row: InvitationRow, user: UserRow) =>
  row.invitee_email === user.email || row.invitee_user_id === user.id;

export const invitationNotFound = () => notFound(M.invitationNotFound, 'invitation_not_found');
const relationshipNotFound = () => notFound(M.relationshipNotFound, 'relationship_not_found');

/** An invitation the reader is part of (inviter, or invitee by e-mail or link); 404 for anyone else. */
export async function visibleInvitation(db: Db, user: UserRow, id: string): Promise<InvitationRow> {
  const row = await findInvitation(db, id);
  if (!row || !(isInviter(row, user) || isInvitee(row, user))) throw invitationNotFound();
  return row;
}

export async function visibleRelationship(db: Db, user: UserRow, id: string): Promise<RelationshipRow> {
  const row = await findRelationship(db, id);
  if (!row || (row.sponsor_user_id !== user.id && row.sponsee_user_id !== user.id)) {
    throw relationshipNotFound();
  }
  return row;
}

/** The `inviterUserId` or `userId` a request body may carry can only name the caller (by id or e-mail). */
export function assertCaller(user: UserRow, ref: string | undefined): void {
  if (ref !== undefined && ref !== user.id && ref.toLowerCase() !== user.email) {
    throw forbidden(M.notYou, 'not_you');
  }
}
