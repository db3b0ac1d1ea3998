import {
  ABSTINENCE_API_MESSAGES,
  type AbstinenceReply,
  type SaveAbstinenceBody,
  type saveAbstinenceReplySchema,
} from '@sam/core';
import type { z } from 'zod';
import {
  findAbstinenceRecord,
  insertAbstinenceRecord,
  replaceAbstinenceRecord,
} from '../../db/abstinenceRecords.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';

type SaveAbstinenceReply = z.infer<typeof saveAbstinenceReplySchema>;

const iso = (ms: number) => new Date(ms).toISOString();
/** The revision column is a 32-bit integer on PostgreSQL; no stored record gets near it. */
const LARGEST_STORED_REVISION = 2_147_483_646;

/** One record of abstinence periods per person; a save names the revision it changed. */
export function createAbstinenceService(deps: AppDeps) {
  const { db } = deps;
  return {
    async get(user: UserRow): Promise<AbstinenceReply> {
      const row = await findAbstinenceRecord(db, user.id);
      return {
        abstinence: row
          ? { ciphertext: row.ciphertext, revision: row.revision, updatedAt: iso(row.updated_at) }
          : null,
      };
    },

    /**
     * Stores revision + 1 only while the record is still at `revision` (0: there is none), in one
     * statement: of two saves of the same revision, one changes the row and the other finds it changed.
     */
    async save(user: UserRow, body: SaveAbstinenceBody): Promise<SaveAbstinenceReply> {
      const stale = () => conflict(ABSTINENCE_API_MESSAGES.stale, 'stale_abstinence');
      if (body.revision > LARGEST_STORED_REVISION) throw stale();
      const row = {
        user_id: user.id,
        ciphertext: body.ciphertext,
        revision: body.revision + 1,
        updated_at: deps.now(),
      };
      const saved =
        body.revision === 0
          ? await insertAbstinenceRecord(db, row)
          : await replaceAbstinenceRecord(db, row, body.revision);
      if (!saved) throw stale();
      return { revision: row.revision, updatedAt: iso(row.updated_at) };
    },
  };
}
