import {
  CIRCLES_CONFLICT_CODES,
  CIRCLES_MESSAGES,
  type CirclesReply,
  MAX_CIRCLES_VERSIONS,
  type SaveCirclesBody,
  type SaveCirclesReply,
} from '@sam/core';
import {
  circlesVersionsSummary,
  insertCirclesVersion,
  listCirclesVersions,
} from '../../db/circlesVersions.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../../http/uniqueViolation.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const stale = () => conflict(CIRCLES_MESSAGES.stale, CIRCLES_CONFLICT_CODES.stale);

/** The three circles: every save is a new version, never an overwrite, and only of the newest one. */
export function createCirclesService(deps: AppDeps) {
  const { db } = deps;
  return {
    async list(user: UserRow): Promise<CirclesReply> {
      const rows = await listCirclesVersions(db, user.id);
      return {
        versions: rows.map((row) => ({
          version: row.version,
          ciphertext: row.ciphertext,
          createdAt: iso(row.created_at),
        })),
      };
    },

    /**
     * Adds the version after `basedOn`, which must be the newest. Two saves based on the same version both
     * try the same new version number: the primary key lets one through, the other is answered stale.
     */
    async save(user: UserRow, body: SaveCirclesBody): Promise<SaveCirclesReply> {
      try {
        return await db.transaction().execute(async (trx) => {
          const { latest, count } = await circlesVersionsSummary(trx, user.id);
          if (body.basedOn !== latest) throw stale();
          if (count >= MAX_CIRCLES_VERSIONS)
            throw conflict(CIRCLES_MESSAGES.full, CIRCLES_CONFLICT_CODES.full);
          const row = {
            user_id: user.id,
            version: (latest ?? 0) + 1,
            ciphertext: body.ciphertext,
            created_at: deps.now(),
          };
          await insertCirclesVersion(trx, row);
          return { version: row.version, createdAt: iso(row.created_at) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw stale();
        throw error;
      }
    },
  };
}
