// Who reaches a sponsor space: the two people of an active relationship; after the end, the sponsee alone.
import { SPACE_MESSAGES } from '@sam/core';
import type { Db } from '../../db/index.ts';
import { findRelationship, type RelationshipRow } from '../../db/relationships.ts';
import type { UserRow } from '../../db/users.ts';
import { forbidden, notFound } from '../../http/errors.ts';

export type SpaceRole = 'sponsor' | 'sponsee';
export type Membership = { relationship: RelationshipRow; role: SpaceRole; partnerId: string };

export const spaceNotFound = () => notFound(SPACE_MESSAGES.notFound, 'space_not_found');

/**
 * The caller's place in a space. Anyone outside the relationship, and the former sponsor once it ended,
 * gets the same 404; the former sponsee keeps reading (the kept threads) when `afterEnd` allows it.
 */
export async function membership(
  db: Db,
  user: UserRow,
  relationshipId: string,
  { afterEnd = false } = {},
): Promise<Membership> {
  const row = await findRelationship(db, relationshipId);
  const role: SpaceRole | null =
    row?.sponsor_user_id === user.id ? 'sponsor' : row?.sponsee_user_id === user.id ? 'sponsee' : null;
  if (!row || !role) throw spaceNotFound();
  if (row.status !== 'active' && !(afterEnd && role === 'sponsee')) throw spaceNotFound();
  return {
    relationship: row,
    role,
    partnerId: role === 'sponsor' ? row.sponsee_user_id : row.sponsor_user_id,
  };
}

export function requireSponsee(member: Membership): void {
  if (member.role !== 'sponsee') throw forbidden(SPACE_MESSAGES.sponseeOnly, 'sponsee_only');
}

export function requireSponsor(member: Membership): void {
  if (member.role !== 'sponsor') throw forbidden(SPACE_MESSAGES.sponsorOnly, 'sponsor_only');
}
