// Every limit of the sponsorship area: the rate limits of its actions, and the counts of invitations and
// relationships a person may hold. Why the counts are taken again under a lock, in the transaction that
// writes: docs/decisions/0008-limits-count-before-they-check.md and docs/features/rules-the-database-keeps.md.
import {
  type CreateInvitationBody,
  SPONSORSHIP_MESSAGES as M,
  MAX_ACTIVE_RELATIONSHIPS,
  MAX_PENDING_INVITATIONS,
  type SponsorshipStats,
} from '@sam/core';
import type { Db, Dialect } from '../../db/index.ts';
import { countActiveReceived, countActiveSent, findActiveDuplicate } from '../../db/invitations.ts';
import { countRelationshipsOf, findActiveBetween } from '../../db/relationships.ts';
import { findUserByEmail, lockUsers, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';

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

function bucket(action: SponsorshipAction, user: UserRow | undefined, ip: string): string {
  const who = SPONSORSHIP_LIMITS[action].per === 'user' ? `user:${user?.id}` : `ip:${ip}`;
  return `${who}:sponsorship-${action}`;
}

/** Counts one use of an action; 429 once its window is full. */
export async function hitLimit(
  deps: Pick<AppDeps, 'limiter'>,
  action: SponsorshipAction,
  user: UserRow | undefined,
  ip: string,
): Promise<void> {
  const rule = SPONSORSHIP_LIMITS[action];
  await deps.limiter.hit(bucket(action, user, ip), rule.limit, rule.windowMs);
}

/** Whether an action is allowed now, without counting it. */
export async function checkLimit(
  deps: Pick<AppDeps, 'limiter'>,
  action: SponsorshipAction,
  user: UserRow,
  ip: string,
) {
  const rule = SPONSORSHIP_LIMITS[action];
  let allowed = true;
  try {
    await deps.limiter.check(bucket(action, user, ip), rule.limit, rule.windowMs);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
    allowed = false;
  }
  return { action, allowed, limit: rule.limit, windowSeconds: rule.windowMs / 1000 };
}

export type InvitationKey = { inviterUserId: string; inviteeEmail: string; program: string; role?: string };

const isDuplicate = async (db: Db, key: InvitationKey, now: number) =>
  (await findActiveDuplicate(db, key, now)) !== undefined;
const pendingFull = async (db: Db, userId: string, now: number) =>
  (await countActiveSent(db, userId, now)) >= MAX_PENDING_INVITATIONS;
const relationshipsFull = async (db: Db, userId: string) =>
  (await countRelationshipsOf(db, userId, 'active')) >= MAX_ACTIVE_RELATIONSHIPS;

const duplicate = () => conflict(M.duplicate, 'duplicate_invitation');
const maxPending = () => conflict(M.maxPending, 'max_pending_invitations');
const relationshipExists = () => conflict(M.relationshipExists, 'relationship_exists');
const maxRelationships = () => conflict(M.maxRelationships, 'max_relationships');

/** The rules of a new invitation beyond its shape; null when it may be sent. */
export async function createRuleProblem(
  db: Db,
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
  if (await isDuplicate(db, key, now)) return duplicate();
  const invitee = await findUserByEmail(db, body.inviteeEmail);
  if (invitee && (await findActiveBetween(db, user.id, invitee.id, body.program))) {
    return relationshipExists();
  }
  if (await pendingFull(db, user.id, now)) return maxPending();
  if (await relationshipsFull(db, user.id)) return maxRelationships();
  return null;
}

/**
 * Inside the transaction that writes a live invitation, alone for this inviter: no other live one for the
 * same person, program and role, and room under the pending limit. Requests sent at the same moment cannot
 * all pass these checks before any is written.
 */
export async function claimInvitationSlot(
  trx: Db,
  dialect: Dialect,
  key: InvitationKey,
  now: number,
): Promise<void> {
  await lockUsers(trx, dialect, [key.inviterUserId]);
  if (await isDuplicate(trx, key, now)) throw duplicate();
  if (await pendingFull(trx, key.inviterUserId, now)) throw maxPending();
}

/**
 * Inside the transaction that accepts, alone for both people: no active relationship between them in this
 * program yet, and room under the relationship limit for each. Accepts at the same moment cannot all pass.
 */
export async function claimRelationshipSlot(
  trx: Db,
  dialect: Dialect,
  inviteeId: string,
  inviterId: string,
  program: string,
): Promise<void> {
  await lockUsers(trx, dialect, [inviteeId, inviterId]);
  if (await findActiveBetween(trx, inviteeId, inviterId, program)) throw relationshipExists();
  if (await relationshipsFull(trx, inviteeId)) throw maxRelationships();
  if (await relationshipsFull(trx, inviterId)) {
    throw conflict(M.otherMaxRelationships, 'other_max_relationships');
  }
}

/** The caller's counts, beside the limits they are held to. */
export async function sponsorshipStats(
  deps: Pick<AppDeps, 'db' | 'now'>,
  user: UserRow,
): Promise<SponsorshipStats> {
  const { db } = deps;
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
}
