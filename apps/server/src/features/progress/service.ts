import {
  type actionBodySchema,
  findStep,
  type StepAction,
  type StepRecord,
  type StepSaveReply,
  type statusBodySchema,
  type stepSaveBodySchema,
  WORKBOOK_PROGRAM,
} from '@sam/core';
import type { z } from 'zod';
import { isDateDisplayOptedOut } from '../../db/preferences.ts';
import {
  findStepProgress,
  insertStatusUpdate,
  listStepProgress,
  type StepProgressRow,
  saveStepProgress,
  updateStepDates,
  upsertProgram,
  upsertTrack,
} from '../../db/stepProgress.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { readableActions } from './recheck.ts';
import { expectedActionCount, parseStepDates } from './stepRules.ts';

type StepSave = z.output<typeof stepSaveBodySchema>;
type ActionUpdate = z.output<typeof actionBodySchema>;
type StatusUpdate = z.output<typeof statusBodySchema>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toStepRecord(row: StepProgressRow): StepRecord {
  return {
    program: row.program,
    track: row.track,
    step_number: row.step_number,
    step_title: row.step_title,
    completed: row.completed === 1,
    data: {
      actions: JSON.parse(row.actions) as StepAction[],
      ...(row.encrypted_data === null ? {} : { encryptedData: row.encrypted_data }),
      encrypted: row.encrypted === 1,
    },
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    updated_at: new Date(row.updated_at).toISOString(),
    sk: `${row.program}#${row.track}#step${row.step_number}`,
  };
}

/** A step save's reply: the stored record without the ciphertext, which the saving request itself carried. */
export function toStepSaveReply({
  data: { encryptedData: _sent, ...data },
  ...record
}: StepRecord): StepSaveReply {
  return { ...record, data };
}

/** Progress rules that need the stored record; the server never reads the ciphertext it keeps. */
export function createProgressService(deps: AppDeps) {
  const { db } = deps;

  function checkActions(
    program: string,
    track: string,
    stepNumber: number,
    actions: StepAction[],
    completed: boolean,
  ) {
    const count = expectedActionCount(program, track, stepNumber);
    const ids = new Set<number>();
    for (const action of actions) {
      if (action.id > count)
        throw badRequest(`data.actions: step ${stepNumber} has ${count} actions`, 'invalid_input');
      if (ids.has(action.id))
        throw badRequest(`data.actions: action ${action.id} appears twice`, 'invalid_input');
      ids.add(action.id);
    }
    const allDone = actions.filter((a) => a.completed).length === count;
    if (completed !== allDone) {
      throw badRequest(
        'completed must be true exactly when every action of the step is completed',
        'invalid_input',
      );
    }
  }

  async function store(user: UserRow, save: StepSave): Promise<StepRecord> {
    const { program, track, step_number, data } = save;
    checkActions(program, track, step_number, data.actions, save.completed);
    // The rules the server can read are kept here too: a done action whose rule fails is stored undone.
    const step = findStep(program, track, step_number);
    const actions = step ? await readableActions(db, user.id, step, data.actions) : data.actions;
    const completed = actions === data.actions ? save.completed : false;
    if (data.encrypted !== (data.encryptedData !== undefined)) {
      throw badRequest(
        'data.encrypted must be true exactly when data.encryptedData is sent',
        'invalid_input',
      );
    }
    const now = deps.now();
    const doesWork = actions.some((a) => a.completed) || data.encryptedData !== undefined;
    const stored = await saveStepProgress(
      db,
      {
        user_id: user.id,
        program,
        track,
        step_number,
        step_title: save.step_title || `Step ${step_number}`,
        completed: completed ? 1 : 0,
        actions: JSON.stringify(actions),
        encrypted_data: data.encryptedData ?? null,
        encrypted: data.encrypted ? 1 : 0,
        started_at: doesWork ? now : null,
        completed_at: completed ? now : null,
        updated_at: now,
      },
      !save.step_title,
    );
    return toStepRecord(stored);
  }

  return {
    async list(user: UserRow, program?: string): Promise<StepRecord[]> {
      return (await listStepProgress(db, user.id, program)).map(toStepRecord);
    },

    async createProgram(user: UserRow, program: string, description?: string): Promise<void> {
      await upsertProgram(db, {
        user_id: user.id,
        program,
        description: description ?? program,
        created_at: deps.now(),
      });
    },

    async createTrack(user: UserRow, program: string, track: string, description?: string): Promise<void> {
      await upsertTrack(db, {
        user_id: user.id,
        program,
        track,
        description: description ?? track,
        created_at: deps.now(),
      });
    },

    saveStep: store,

    async updateAction(user: UserRow, update: ActionUpdate): Promise<StepRecord> {
      const { program, track, step_number, action_id } = update;
      const existing = await findStepProgress(db, { user_id: user.id, program, track, step_number });
      const previous = existing ? toStepRecord(existing) : undefined;
      const actions = (previous?.data.actions ?? []).filter((a) => a.id !== action_id);
      actions.push({ id: action_id, completed: update.completed });
      actions.sort((a, b) => a.id - b.id);
      const count = expectedActionCount(program, track, step_number);
      return store(user, {
        program,
        track,
        step_number,
        step_title: previous?.step_title,
        completed: actions.filter((a) => a.completed).length === count,
        data: {
          actions,
          encrypted: previous?.data.encrypted ?? false,
          ...(previous?.data.encryptedData ? { encryptedData: previous.data.encryptedData } : {}),
        },
      });
    },

    async addStatus(user: UserRow, status: StatusUpdate): Promise<void> {
      await insertStatusUpdate(db, { user_id: user.id, ...status, created_at: deps.now() });
    },

    async setDates(
      user: UserRow,
      key: { program: string; track: string; step_number: number },
      body: { started_at?: string | null; completed_at?: string | null },
    ): Promise<StepRecord> {
      const existing = await findStepProgress(db, { user_id: user.id, ...key });
      if (!existing) throw notFound(`Step ${key.step_number} has no progress yet.`);
      const dates = parseStepDates(body, deps.now());
      const updated = { ...existing, ...dates, updated_at: deps.now() };
      await updateStepDates(db, { user_id: user.id, ...key }, updated);
      return toStepRecord(updated);
    },

    async journey(user: UserRow) {
      const steps = await listStepProgress(db, user.id, WORKBOOK_PROGRAM);
      return {
        opted_out: await isDateDisplayOptedOut(db, user.id),
        steps: steps
          .filter((s) => s.track === '12-steps')
          .map((s) => ({
            step_number: s.step_number,
            completed: s.completed === 1,
            started_at: iso(s.started_at),
            completed_at: iso(s.completed_at),
          })),
      };
    },
  };
}
