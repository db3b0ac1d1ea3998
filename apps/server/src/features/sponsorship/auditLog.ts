// The sponsorship audit log: entries the server writes after each change, and the ones a client sends.
import { AUDIT_LIST_DEFAULT_LIMIT, type AuditLogRequestBody, SPONSORSHIP_MESSAGES as M } from '@sam/core';
import { insertSponsorshipAudit, listSponsorshipAudit } from '../../db/sponsorshipAudit.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { assertCaller } from './access.ts';
import { hitLimit } from './limits.ts';
import { iso } from './replies.ts';

export async function writeAudit(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: string,
  action: string,
  details: unknown,
  clientTimestamp?: string,
): Promise<void> {
  await insertSponsorshipAudit(deps.db, {
    user_id: userId,
    action,
    details: JSON.stringify(details ?? null),
    client_timestamp: clientTimestamp ?? null,
    created_at: deps.now(),
  });
}

/**
 * One route both writes and reads the log: a body with `action` writes one entry; one without reads the
 * caller's newest entries, `max` of them (the query's `?limit=`). `userId` may only name the caller.
 */
export async function auditLog(
  deps: AppDeps,
  user: UserRow,
  body: AuditLogRequestBody,
  max: number | undefined,
  ip: string,
) {
  const { action, details, timestamp, userId } = body;
  if (action === undefined) {
    assertCaller(user, userId);
    const rows = await listSponsorshipAudit(deps.db, user.id, max ?? AUDIT_LIST_DEFAULT_LIMIT);
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
  await hitLimit(deps, 'audit_log', user, ip);
  await writeAudit(deps, user.id, action, details, timestamp);
  return { message: M.logged };
}
