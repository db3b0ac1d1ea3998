import {
  ADMIN_MESSAGES,
  type AdminFeedbackItem,
  type AdminUser,
  deleteRefusal,
  FEEDBACK_TYPES,
  type Role,
  spreadsheetSafe,
  statusReason,
  toCsv,
  type UserStatus,
} from '@sam/core';
import type { Selectable } from 'kysely';
import { ERASED_ACCOUNT, eraseAccount } from '../../db/accountErasure.ts';
import {
  allFeedback,
  countAdmins,
  insertAudit,
  listFeedbackPage,
  listUsersPage,
  lockAdmins,
  reviewFeedback,
} from '../../db/adminQueries.ts';
import type { Database } from '../../db/schema.ts';
import { revokeUserSessions } from '../../db/sessions.ts';
import { findUserByEmail, type UserRow, updateUser } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { computeMetrics } from './metrics.ts';

type Page = { page: number; pageSize: number };
type FeedbackRow = Selectable<Database['feedback']>;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toFeedbackItem(row: FeedbackRow): AdminFeedbackItem {
  const type = FEEDBACK_TYPES.find((t) => t === row.feedback_type) ?? 'General';
  return {
    id: Number(row.id),
    userEmail: row.user_email,
    timestamp: new Date(row.created_at).toISOString(),
    location: row.location,
    type,
    feedbackText: row.feedback_text,
    reviewed: row.reviewed === 1,
    adminNotes: row.admin_notes,
    deviceInfo: JSON.parse(row.device_info) as AdminFeedbackItem['deviceInfo'],
  };
}

/** Admin actions; each one that changes something is written to the audit log. */
export function createAdminService(deps: AppDeps) {
  const { db } = deps;

  async function audit(admin: UserRow, action: string, target: string, details: Record<string, unknown>) {
    await insertAudit(db, {
      admin_user_id: admin.id,
      admin_email: admin.email,
      action,
      target,
      details: JSON.stringify(details),
      created_at: deps.now(),
    });
  }

  async function target(email: string): Promise<UserRow> {
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    return user;
  }

  return {
    metrics: () => computeMetrics(deps),

    async feedback(reviewed: boolean | undefined, page: Page) {
      const { rows, total } = await listFeedbackPage(db, reviewed, page);
      return { feedback: rows.map(toFeedbackItem), total, ...page };
    },

    async review(admin: UserRow, id: number, reviewed: boolean, notes: string | undefined): Promise<void> {
      if (!(await reviewFeedback(db, id, reviewed, notes ?? null)))
        throw notFound(ADMIN_MESSAGES.feedbackNotFound);
      await audit(admin, 'feedback.review', `feedback:${id}`, { reviewed, notes: notes ?? null });
    },

    async exportFeedback(admin: UserRow): Promise<string> {
      const header = [
        'id',
        'timestamp',
        'userEmail',
        'type',
        'location',
        'feedback',
        'reviewed',
        'adminNotes',
        'deviceType',
        'browser',
        'browserVersion',
        'operatingSystem',
      ];
      const rows = (await allFeedback(db))
        .map(toFeedbackItem)
        .map((f) =>
          [
            String(f.id),
            f.timestamp,
            f.userEmail,
            f.type,
            f.location,
            f.feedbackText,
            f.reviewed ? 'yes' : 'no',
            f.adminNotes ?? '',
            f.deviceInfo.deviceType ?? '',
            f.deviceInfo.browser ?? '',
            f.deviceInfo.browserVersion ?? '',
            f.deviceInfo.operatingSystem ?? '',
          ].map(spreadsheetSafe),
        );
      await audit(admin, 'feedback.export', 'feedback', { rows: rows.length });
      return toCsv([header, ...rows]);
    },

    async users(filter: { status?: UserStatus; search?: string }, page: Page) {
      const { rows, total } = await listUsersPage(db, filter, page);
      const users: AdminUser[] = rows.map((r) => ({
        email: r.email,
        name: r.name,
        status: r.status,
        emailVerified: r.email_verified === 1,
        hasProfile: Number(r.has_profile) === 1,
        isAdmin: r.role === 'admin',
        registrationDate: new Date(r.created_at).toISOString(),
        lastLogin: iso(r.last_login_at),
        deactivated_at: iso(r.deactivated_at),
        deactivation_reason: r.deactivation_reason,
      }));
      return { users, total, ...page };
    },

    async setStatus(
      admin: UserRow,
      email: string,
      status: UserStatus,
      reason: string | undefined,
    ): Promise<void> {
      const user = await target(email);
      if (user.id === admin.id)
        throw badRequest('You cannot change the status of your own account.', 'not_yourself');
      const now = deps.now();
      const inactive = status === 'inactive';
      const kept = statusReason(status, reason);
      await updateUser(db, user.id, {
        status,
        deactivated_at: inactive ? now : null,
        deactivation_reason: kept,
        updated_at: now,
      });
      if (inactive) await revokeUserSessions(db, user.id, now);
      await audit(admin, 'user.status', email, { from: user.status, to: status, reason: kept });
    },

    async setRole(admin: UserRow, email: string, role: Role): Promise<void> {
      const user = await target(email);
      // Counted where the role is written, alone among role changes: two admins demoting each other at
      // the same moment cannot both see the other one left.
      await db.transaction().execute(async (trx) => {
        if (user.role === 'admin' && role !== 'admin') {
          await lockAdmins(trx, deps.dialect);
          if ((await countAdmins(trx)) <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin, 'last_admin');
        }
        await updateUser(trx, user.id, { role, updated_at: deps.now() });
      });
      await audit(admin, 'user.role', email, { from: user.role, to: role });
    },

    async deleteUser(admin: UserRow, email: string): Promise<void> {
      const user = await target(email);
      const refusal = deleteRefusal(user, admin.email);
      if (refusal === 'yourself') throw badRequest(ADMIN_MESSAGES.notYourself, 'not_yourself');
      if (refusal === 'active') throw conflict(ADMIN_MESSAGES.deleteActive, 'user_active');
      // As when people delete their own account: nothing of theirs stays, not even their address here.
      await eraseAccount(db, user);
      await audit(admin, 'user.delete', ERASED_ACCOUNT, { status: user.status });
    },
  };
}
