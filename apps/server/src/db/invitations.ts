import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type InvitationRow = Database['sponsorship_invitations'];

export async function insertInvitation(db: Db, row: InvitationRow): Promise<void> {
  await db.insertInto('sponsorship_invitations').values(row).execute();
}

/**
 * Removes the invitations addressed to a deleting user, by e-mail or linked account (their sent ones go
 * with the account): a later account with the same address must not see them.
 */
export async function deleteInvitationsAddressedTo(
  db: Db,
  user: { id: string; email: string },
): Promise<void> {
  await db
    .deleteFrom('sponsorship_invitations')
    .where((eb) => eb.or([eb('invitee_email', '=', user.email), eb('invitee_user_id', '=', user.id)]))
    .execute();
}

export function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('sponsorship_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every invitation a user sent or received (by e-mail or linked account), newest first. */
export function listInvitationsOf(
  db: Db,
  user: { id: string; email: string },
  limit = 500,
): Promise<InvitationRow[]> {
  return db
    .selectFrom('sponsorship_invitations')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('inviter_user_id', '=', user.id),
        eb('invitee_email', '=', user.email),
        eb('invitee_user_id', '=', user.id),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Sent invitations to one address (optionally one program), newest first. */
export function listSentTo(
  db: Db,
  inviterUserId: string,
  inviteeEmail: string,
  program?: string,
): Promise<InvitationRow[]> {
  let query = db
    .selectFrom('sponsorship_invitations')
    .selectAll()
    .where('inviter_user_id', '=', inviterUserId)
    .where('invitee_email', '=', inviteeEmail);
  if (program !== undefined) query = query.where('program', '=', program);
  return query.orderBy('created_at', 'desc').limit(200).execute();
}

/** Pending invitations of an inviter whose token has not run out. */
export async function countActiveSent(db: Db, inviterUserId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('sponsorship_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_user_id', '=', inviterUserId)
    .where('status', '=', 'pending')
    .where('token_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActiveReceived(
  db: Db,
  user: { id: string; email: string },
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('sponsorship_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('invitee_email', '=', user.email), eb('invitee_user_id', '=', user.id)]))
    .where('status', '=', 'pending')
    .where('token_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findActiveDuplicate(
  db: Db,
  key: { inviterUserId: string; inviteeEmail: string; program: string; role?: string },
  now: number,
): Promise<InvitationRow | undefined> {
  let query = db
    .selectFrom('sponsorship_invitations')
    .selectAll()
    .where('inviter_user_id', '=', key.inviterUserId)
    .where('invitee_email', '=', key.inviteeEmail)
    .where('program', '=', key.program)
    .where('status', '=', 'pending')
    .where('token_expires_at', '>', now);
  if (key.role !== undefined) query = query.where('role', '=', key.role as InvitationRow['role']);
  return query.executeTakeFirst();
}

/** Distinct addresses a user invited before, most recent first. */
export async function listInvitedEmails(db: Db, inviterUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sponsorship_invitations')
    .select('invitee_email')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('inviter_user_id', '=', inviterUserId)
    .groupBy('invitee_email')
    .orderBy('last', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => r.invitee_email);
}

/**
 * Changes an invitation only if it still holds the expected token hash and is pending, so a token is
 * used once even when two requests race. Returns whether the row changed.
 */
export async function updatePendingInvitation(
  db: Db,
  id: string,
  expectedTokenHash: string,
  changes: Partial<Omit<InvitationRow, 'id' | 'inviter_user_id' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('sponsorship_invitations')
    .set(changes)
    .where('id', '=', id)
    .where('token_hash', '=', expectedTokenHash)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateInvitation(
  db: Db,
  id: string,
  changes: Partial<Omit<InvitationRow, 'id' | 'inviter_user_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('sponsorship_invitations').set(changes).where('id', '=', id).execute();
}

/** After an e-mail change: invitations the user linked to their account follow the new address. */
export async function moveLinkedInvitations(
  db: Db,
  userId: string,
  oldEmail: string,
  newEmail: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('sponsorship_invitations')
    .set({ invitee_email: newEmail, updated_at: now })
    .where('invitee_user_id', '=', userId)
    .where('invitee_email', '=', oldEmail)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * After an e-mail change: the user's unanswered invitations carry the new address. Answered ones keep the
 * address as it was, so someone who once declined or accepted (a former sponsor too) never learns the new one.
 */
export async function updateInviterEmail(
  db: Db,
  userId: string,
  newEmail: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('sponsorship_invitations')
    .set({ inviter_email: newEmail, updated_at: now })
    .where('inviter_user_id', '=', userId)
    .where('inviter_email', '!=', newEmail)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertReport(db: Db, row: Database['sponsorship_reports']): Promise<void> {
  await db.insertInto('sponsorship_reports').values(row).execute();
}
