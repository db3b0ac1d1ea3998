import {
  addDays,
  BACKUP_MESSAGES,
  BACKUP_PROGRAM,
  BACKUP_STEP_COUNT,
  BACKUP_TRACK,
  type BackupRestoreReply,
  type backupRestoreBodySchema,
  CHECK_IN_MESSAGES,
  defaultInventoryVersion,
  hasCurrentData,
  INVENTORY_TYPES,
} from '@sam/core';
import type { z } from 'zod';
import {
  deleteAbstinenceRecord,
  findAbstinenceRecord,
  insertAbstinenceRecord,
} from '../../db/abstinenceRecords.ts';
import { countCheckIns, deleteCheckIns, insertCheckIns } from '../../db/checkIns.ts';
import {
  circlesVersionsSummary,
  deleteCirclesVersions,
  insertCirclesVersion,
} from '../../db/circlesVersions.ts';
import type { Db } from '../../db/index.ts';
import { deleteInventory, findInventory } from '../../db/inventories.ts';
import { listStepProgress, updateStepDates, upsertStepProgress } from '../../db/stepProgress.ts';
import { lockUsers, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';
import { createInventoryService } from '../inventory/service.ts';
import { keepCopiesAside, type SlotFields } from '../keptAside/service.ts';
import { keepToolsAside } from '../keptAside/tools.ts';
import { createProgressService, toStepRecord } from '../progress/service.ts';

type RestoreBody = z.output<typeof backupRestoreBodySchema>;
type RestoreCounts = Omit<BackupRestoreReply, 'message'>;

const toMs = (iso: string | null) => (iso === null ? null : Date.parse(iso));

export const OVERWRITE_REQUIRED =
  'You already have progress saved. Send overwrite: true to replace it, or clear your current data first.';

/**
 * Whether the person has data this restore would replace: steps and inventories always, the circles, the
 * abstinence record and the check-ins when the restore carries them.
 */
async function currentDataExists(db: Db, user: UserRow, body: RestoreBody): Promise<boolean> {
  const steps = (await listStepProgress(db, user.id, BACKUP_PROGRAM))
    .filter((row) => row.track === BACKUP_TRACK)
    .map(toStepRecord);
  const inventories = await Promise.all(
    INVENTORY_TYPES.map((type) =>
      findInventory(db, { user_id: user.id, inventory_type: type, version: defaultInventoryVersion(type) }),
    ),
  );
  return hasCurrentData(
    steps,
    inventories.map((row) => ({ entry_count: row?.entry_count ?? 0 })),
    {
      circleVersions: body.circles ? (await circlesVersionsSummary(db, user.id)).count : 0,
      abstinence: body.abstinence !== undefined && (await findAbstinenceRecord(db, user.id)) !== undefined,
      checkIns: body.checkIns ? await countCheckIns(db, user.id) : 0,
    },
  );
}

/** The abstinence revision column is a 32-bit integer on PostgreSQL. */
const LARGEST_REVISION = 2_147_483_647;

/**
 * Replaces each of the circles, the abstinence record and the check-ins that the restore carries; a part
 * it leaves out stays as it is. The restored abstinence record gets the next revision, so a window still
 * holding the old one is told its copy is stale instead of saving over the restore.
 */
async function replaceRecoveryTools(db: Db, user: UserRow, body: RestoreBody, now: number): Promise<void> {
  if (body.circles) {
    await deleteCirclesVersions(db, user.id);
    for (const { version, createdAt, ciphertext } of body.circles) {
      await insertCirclesVersion(db, {
        user_id: user.id,
        version,
        ciphertext,
        created_at: Date.parse(createdAt),
      });
    }
  }
  if (body.abstinence !== undefined) {
    const before = await findAbstinenceRecord(db, user.id);
    await deleteAbstinenceRecord(db, user.id);
    if (body.abstinence) {
      await insertAbstinenceRecord(db, {
        user_id: user.id,
        ciphertext: body.abstinence.ciphertext,
        revision: Math.min((before?.revision ?? 0) + 1, LARGEST_REVISION),
        updated_at: now,
      });
    }
  }
  if (body.checkIns) {
    await deleteCheckIns(db, user.id);
    await insertCheckIns(
      db,
      body.checkIns.map(({ day, ciphertext }) => ({ user_id: user.id, day, ciphertext, updated_at: now })),
    );
  }
}

/** As a check-in save: the person's today may be the server's tomorrow, never later. */
function refuseFutureCheckIns(body: RestoreBody, now: number): void {
  const latest = addDays(new Date(now).toISOString().slice(0, 10), 1);
  const future = body.checkIns?.find((c) => c.day > latest);
  if (future)
    throw badRequest(`${CHECK_IN_MESSAGES.future} This backup has one for ${future.day}.`, 'future_day');
}

/** Steps 1 to 12 not completed, no actions, no private data; the three current inventories gone. */
async function clearAll(db: Db, user: UserRow, now: number): Promise<void> {
  for (let step_number = 1; step_number <= BACKUP_STEP_COUNT; step_number++) {
    await upsertStepProgress(db, {
      user_id: user.id,
      program: BACKUP_PROGRAM,
      track: BACKUP_TRACK,
      step_number,
      step_title: `Step ${step_number}`,
      completed: 0,
      actions: '[]',
      encrypted_data: null,
      encrypted: 0,
      started_at: null,
      completed_at: null,
      updated_at: now,
    });
  }
  for (const type of INVENTORY_TYPES) {
    await deleteInventory(db, {
      user_id: user.id,
      inventory_type: type,
      version: defaultInventoryVersion(type),
    });
  }
}

/** Every place a clear or a restore replaces: the twelve steps and the three current inventories. */
const REPLACED_SLOTS: SlotFields[] = [
  ...Array.from({ length: BACKUP_STEP_COUNT }, (_, i) => ({
    kind: 'step' as const,
    program: BACKUP_PROGRAM,
    track: BACKUP_TRACK,
    step_number: i + 1,
  })),
  ...INVENTORY_TYPES.map((inventory_type) => ({ kind: 'inventory' as const, inventory_type })),
];

/** What the steps and inventories hold now, kept aside (restorable from Earlier writing) before they go. */
const keepReplacedAside = (trx: Db, user: UserRow, now: number) =>
  keepCopiesAside(trx, user.id, REPLACED_SLOTS, now, BACKUP_MESSAGES.keptAsideFull);

export const RESTORES_PER_HOUR = 10;
const RESTORE_TURN_MS = 10 * MINUTE;
export const RESTORE_RUNNING = 'A restore is already running for your account. Please wait for it to finish.';
const restoreRunning = (retryAfterSeconds: number) =>
  new HttpError(429, 'restore_running', RESTORE_RUNNING, Math.min(retryAfterSeconds, 60));

/** Restore and clear, each all or nothing: one transaction, so a refused record leaves everything as it was. */
export function createBackupService(deps: AppDeps) {
  return {
    /**
     * Lets a restore in before its (large) body is read: one at a time and a few an hour per person, so
     * parallel restores cannot fill the server's memory. Returns what ends the restore's turn.
     */
    async admitRestore(user: UserRow): Promise<() => Promise<void>> {
      await deps.limiter.hit(`restore:${user.id}`, RESTORES_PER_HOUR, HOUR);
      return deps.limiter.reserve(`restore-running:${user.id}`, 1, RESTORE_TURN_MS, restoreRunning);
    },

    async restore(user: UserRow, body: RestoreBody): Promise<RestoreCounts> {
      refuseFutureCheckIns(body, deps.now());
      return deps.db.transaction().execute(async (trx) => {
        // As the circles and check-in saves do: one writer of a person's rows at a time on PostgreSQL.
        await lockUsers(trx, deps.dialect, [user.id]);
        if (!body.overwrite && (await currentDataExists(trx, user, body))) {
          throw conflict(OVERWRITE_REQUIRED, 'data_exists');
        }
        const scoped: AppDeps = { ...deps, db: trx };
        const progress = createProgressService(scoped);
        const inventory = createInventoryService(scoped);
        await keepReplacedAside(trx, user, deps.now());
        const parts = {
          circles: body.circles !== undefined,
          abstinence: body.abstinence !== undefined,
          checkIns: body.checkIns !== undefined,
        };
        await keepToolsAside(trx, user.id, parts, deps.now());
        await clearAll(trx, user, deps.now());
        // Inventories first: step 4's rule reads their completion when its step is saved.
        for (const saved of body.inventories) await inventory.saveEncrypted(user, saved);
        for (const { started_at, completed_at, ...step } of body.steps) {
          const saved = await progress.saveStep(user, step);
          if (started_at === undefined && completed_at === undefined) continue;
          // The backup's own dates, where it kept them, instead of the time of the restore.
          await updateStepDates(
            trx,
            { user_id: user.id, ...step },
            {
              started_at: started_at === undefined ? toMs(saved.started_at) : toMs(started_at),
              completed_at: completed_at === undefined ? toMs(saved.completed_at) : toMs(completed_at),
              updated_at: deps.now(),
            },
          );
        }
        await replaceRecoveryTools(trx, user, body, deps.now());
        return {
          steps: body.steps.length,
          inventories: body.inventories.length,
          ...(body.circles ? { circleVersions: body.circles.length } : {}),
          ...(body.abstinence === undefined ? {} : { abstinence: body.abstinence !== null }),
          ...(body.checkIns ? { checkIns: body.checkIns.length } : {}),
        };
      });
    },

    /** Needs the password again (decision 10); everything it removes is kept aside first. */
    async clear(user: UserRow, authValue: string | undefined): Promise<void> {
      await reauthenticate(deps, user, authValue);
      await deps.db.transaction().execute(async (trx) => {
        await lockUsers(trx, deps.dialect, [user.id]);
        await keepReplacedAside(trx, user, deps.now());
        await keepToolsAside(trx, user.id, { circles: true, abstinence: true, checkIns: true }, deps.now());
        await clearAll(trx, user, deps.now());
        await deleteCirclesVersions(trx, user.id);
        await deleteAbstinenceRecord(trx, user.id);
        await deleteCheckIns(trx, user.id);
      });
    },
  };
}
