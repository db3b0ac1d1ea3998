import {
  addDays,
  CHECK_IN_MESSAGES,
  type CheckInsReply,
  MAX_CHECK_INS,
  type SaveCheckInBody,
  type SaveCheckInReply,
} from '@sam/core';
import { countCheckIns, deleteCheckIn, hasCheckIn, listCheckIns, upsertCheckIn } from '../../db/checkIns.ts';
import { lockUsers, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The nightly check-ins: one per person and day, the day as the person's browser names it. */
export function createCheckInsService(deps: AppDeps) {
  const { db, dialect } = deps;
  return {
    async list(user: UserRow): Promise<CheckInsReply> {
      const rows = await listCheckIns(db, user.id);
      return {
        checkIns: rows.map((row) => ({
          day: row.day,
          ciphertext: row.ciphertext,
          updatedAt: iso(row.updated_at),
        })),
      };
    },

    /**
     * Makes or replaces the day's check-in. The person's today may be the server's tomorrow (time zones
     * reach fourteen hours ahead of UTC), never later. The cap is counted with the person's row locked
     * on PostgreSQL, so check-ins for new days sent together cannot pass it.
     */
    async save(user: UserRow, day: string, body: SaveCheckInBody): Promise<SaveCheckInReply> {
      const now = deps.now();
      const serverToday = iso(now).slice(0, 10);
      if (day > addDays(serverToday, 1)) throw badRequest(CHECK_IN_MESSAGES.future, 'future_day');
      await db.transaction().execute(async (trx) => {
        await lockUsers(trx, dialect, [user.id]);
        if (!(await hasCheckIn(trx, user.id, day)) && (await countCheckIns(trx, user.id)) >= MAX_CHECK_INS) {
          throw conflict(CHECK_IN_MESSAGES.full, 'too_many_check_ins');
        }
        await upsertCheckIn(trx, { user_id: user.id, day, ciphertext: body.ciphertext, updated_at: now });
      });
      return { day, updatedAt: iso(now) };
    },

    async remove(user: UserRow, day: string): Promise<void> {
      if (!(await deleteCheckIn(db, user.id, day))) {
        throw notFound(CHECK_IN_MESSAGES.notFound, 'check_in_not_found');
      }
    },
  };
}
