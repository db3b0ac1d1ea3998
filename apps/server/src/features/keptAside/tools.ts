import { randomUUID } from 'node:crypto';
import {
  KEPT_ASIDE_TOOLS_MESSAGES,
  type KeptAsideToolsItem,
  MAX_KEPT_ASIDE_TOOLS,
  type PutBackToolsReply,
} from '@sam/core';
import {
  deleteAbstinenceRecord,
  findAbstinenceRecord,
  insertAbstinenceRecord,
} from '../../db/abstinenceRecords.ts';
import { deleteCheckIns, insertCheckIns, listCheckIns } from '../../db/checkIns.ts';
import {
  deleteCirclesVersions,
  insertCirclesVersion,
  listCirclesVersions,
} from '../../db/circlesVersions.ts';
import type { Db } from '../../db/index.ts';
import { lockPerson } from '../../db/keptAside.ts';
import {
  countKeptAsideTools,
  deleteKeptAsideTools,
  findKeptAsideTools,
  insertKeptAsideTools,
  type KeptAsideToolsRow,
  listKeptAsideTools,
} from '../../db/keptAsideTools.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';

/** Which of the three parts a clear, a restore or a put-back replaces. */
export type ToolParts = { circles: boolean; abstinence: boolean; checkIns: boolean };

type KeptCircles = Array<{ version: number; created_at: number; ciphertext: string }>;
type KeptAbstinence = { ciphertext: string } | null;
type KeptCheckIns = Array<{ day: string; ciphertext: string }>;

/** The abstinence revision column is a 32-bit integer on PostgreSQL. */
const LARGEST_REVISION = 2_147_483_647;

const iso = (ms: number) => new Date(ms).toISOString();

function toItem(row: {
  id: string;
  created_at: number;
  abstinence: string | null;
  circle_versions: number;
  check_in_count: number;
  circles_kept: number;
  check_ins_kept: number;
}): KeptAsideToolsItem {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    circleVersions: Number(row.circles_kept) === 1 ? row.circle_versions : null,
    abstinence: row.abstinence === null ? null : row.abstinence !== 'null',
    checkIns: Number(row.check_ins_kept) === 1 ? row.check_in_count : null,
  };
}

const itemOf = (row: KeptAsideToolsRow): KeptAsideToolsItem =>
  toItem({
    ...row,
    circles_kept: row.circles === null ? 0 : 1,
    check_ins_kept: row.check_ins === null ? 0 : 1,
  });

/**
 * Before the parts are replaced: what they hold now becomes one kept-aside copy, inside the caller's
 * transaction (which holds the person's row). Nothing is kept when every replaced part is empty. Refuses
 * (409) past the cap, so the caller's transaction writes nothing.
 */
export async function keepToolsAside(
  trx: Db,
  userId: string,
  parts: ToolParts,
  now: number,
): Promise<KeptAsideToolsItem | null> {
  const circles: KeptCircles | null = parts.circles
    ? (await listCirclesVersions(trx, userId)).map(({ version, created_at, ciphertext }) => ({
        version,
        created_at: Number(created_at),
        ciphertext,
      }))
    : null;
  const record = parts.abstinence ? await findAbstinenceRecord(trx, userId) : undefined;
  const abstinence: KeptAbstinence | undefined = parts.abstinence
    ? record
      ? { ciphertext: record.ciphertext }
      : null
    : undefined;
  const checkIns: KeptCheckIns | null = parts.checkIns
    ? (await listCheckIns(trx, userId)).map(({ day, ciphertext }) => ({ day, ciphertext }))
    : null;
  if (!circles?.length && !abstinence && !checkIns?.length) return null;
  if ((await countKeptAsideTools(trx, userId)) >= MAX_KEPT_ASIDE_TOOLS) {
    throw conflict(KEPT_ASIDE_TOOLS_MESSAGES.tooMany, 'too_many_kept_aside');
  }
  const row: KeptAsideToolsRow = {
    id: randomUUID(),
    user_id: userId,
    circles: circles === null ? null : JSON.stringify(circles),
    abstinence: abstinence === undefined ? null : JSON.stringify(abstinence),
    check_ins: checkIns === null ? null : JSON.stringify(checkIns),
    circle_versions: circles?.length ?? 0,
    check_in_count: checkIns?.length ?? 0,
    created_at: now,
  };
  await insertKeptAsideTools(trx, row);
  return itemOf(row);
}

/** Puts a kept copy's parts in place of the current ones (which the caller has kept aside). */
async function putInPlace(trx: Db, userId: string, row: KeptAsideToolsRow, now: number): Promise<void> {
  if (row.circles !== null) {
    await deleteCirclesVersions(trx, userId);
    for (const v of JSON.parse(row.circles) as KeptCircles) {
      await insertCirclesVersion(trx, { user_id: userId, ...v });
    }
  }
  if (row.abstinence !== null) {
    const kept = JSON.parse(row.abstinence) as KeptAbstinence;
    const before = await findAbstinenceRecord(trx, userId);
    await deleteAbstinenceRecord(trx, userId);
    if (kept) {
      // The next revision, so a window holding the one replaced is told its copy is stale.
      await insertAbstinenceRecord(trx, {
        user_id: userId,
        ciphertext: kept.ciphertext,
        revision: Math.min((before?.revision ?? 0) + 1, LARGEST_REVISION),
        updated_at: now,
      });
    }
  }
  if (row.check_ins !== null) {
    await deleteCheckIns(trx, userId);
    const days = JSON.parse(row.check_ins) as KeptCheckIns;
    await insertCheckIns(
      trx,
      days.map(({ day, ciphertext }) => ({ user_id: userId, day, ciphertext, updated_at: now })),
    );
  }
}

/** Profile → Earlier writing: the circles, abstinence dates and check-ins a clear or a restore kept aside. */
export function createKeptAsideToolsService(deps: AppDeps) {
  const { db, dialect } = deps;
  return {
    async list(userId: string): Promise<KeptAsideToolsItem[]> {
      return (await listKeptAsideTools(db, userId)).map(toItem);
    },

    /** The copy goes back in place; what was there until then is kept aside in its place: nothing is dropped. */
    async putBack(userId: string, id: string): Promise<PutBackToolsReply> {
      return db.transaction().execute(async (trx) => {
        await lockPerson(trx, dialect, userId);
        const row = await findKeptAsideTools(trx, userId, id);
        if (!row || !(await deleteKeptAsideTools(trx, userId, id))) {
          throw notFound(KEPT_ASIDE_TOOLS_MESSAGES.notFound);
        }
        const parts = {
          circles: row.circles !== null,
          abstinence: row.abstinence !== null,
          checkIns: row.check_ins !== null,
        };
        const keptAside = await keepToolsAside(trx, userId, parts, deps.now());
        await putInPlace(trx, userId, row, deps.now());
        return { keptAside };
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteKeptAsideTools(db, userId, id))) throw notFound(KEPT_ASIDE_TOOLS_MESSAGES.notFound);
    },
  };
}
