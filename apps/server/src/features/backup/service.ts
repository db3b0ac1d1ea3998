import {
  BACKUP_PROGRAM,
  BACKUP_STEP_COUNT,
  BACKUP_TRACK,
  type backupRestoreBodySchema,
  defaultInventoryVersion,
  hasCurrentData,
  INVENTORY_TYPES,
} from '@sam/core';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { deleteInventory, findInventory } from '../../db/inventories.ts';
import { listStepProgress, updateStepDates, upsertStepProgress } from '../../db/stepProgress.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';
import { createInventoryService } from '../inventory/service.ts';
import { createProgressService, toStepRecord } from '../progress/service.ts';

type RestoreBody = z.output<typeof backupRestoreBodySchema>;

const toMs = (iso: string | null) => (iso === null ? null : Date.parse(iso));

export const OVERWRITE_REQUIRED =
  'You already have progress saved. Send overwrite: true to replace it, or clear your current data first.';

async function currentDataExists(db: Db, user: UserRow): Promise<boolean> {
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
  );
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

    async restore(user: UserRow, body: RestoreBody): Promise<{ steps: number; inventories: number }> {
      return deps.db.transaction().execute(async (trx) => {
        if (!body.overwrite && (await currentDataExists(trx, user))) {
          throw conflict(OVERWRITE_REQUIRED, 'data_exists');
        }
        const scoped: AppDeps = { ...deps, db: trx };
        const progress = createProgressService(scoped);
        const inventory = createInventoryService(scoped);
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
        return { steps: body.steps.length, inventories: body.inventories.length };
      });
    },

    async clear(user: UserRow): Promise<void> {
      await deps.db.transaction().execute((trx) => clearAll(trx, user, deps.now()));
    },
  };
}
