import { changesOneUsersRows } from './exactCache.ts';
import type { Db } from './index.ts';
import { prepared } from './preparedQueries.ts';
import type { Database } from './schema.ts';

export type StepProgressRow = Database['step_progress'];
type StepKey = { user_id: string; program: string; track: string; step_number: number };

const allSteps = prepared((db, v: { userId: string }) =>
  db
    .selectFrom('step_progress')
    .selectAll()
    .where('user_id', '=', v.userId)
    .orderBy('program')
    .orderBy('track')
    .orderBy('step_number'),
);

const stepsOfProgram = prepared((db, v: { userId: string; program: string }) =>
  db
    .selectFrom('step_progress')
    .selectAll()
    .where('user_id', '=', v.userId)
    .where('program', '=', v.program)
    .orderBy('program')
    .orderBy('track')
    .orderBy('step_number'),
);

export async function listStepProgress(db: Db, userId: string, program?: string): Promise<StepProgressRow[]> {
  const { rows } = program ? await stepsOfProgram(db, { userId, program }) : await allSteps(db, { userId });
  return rows;
}

export function findStepProgress(db: Db, key: StepKey): Promise<StepProgressRow | undefined> {
  return db
    .selectFrom('step_progress')
    .selectAll()
    .where('user_id', '=', key.user_id)
    .where('program', '=', key.program)
    .where('track', '=', key.track)
    .where('step_number', '=', key.step_number)
    .executeTakeFirst();
}

/** Inserts or replaces one step of one user in a single statement. */
export async function upsertStepProgress(db: Db, row: StepProgressRow): Promise<void> {
  const { user_id, program, track, step_number, ...changes } = row;
  await db
    .insertInto('step_progress')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'program', 'track', 'step_number']).doUpdateSet(changes))
    .execute();
}

type StoredExceptCiphertext = Exclude<keyof StepProgressRow, 'encrypted_data'>;

/** Every column but the ciphertext: a column added to the table fails to compile here until it is named. */
const STORED_EXCEPT_CIPHERTEXT = Object.keys({
  user_id: true,
  program: true,
  track: true,
  step_number: true,
  step_title: true,
  completed: true,
  actions: true,
  encrypted: true,
  started_at: true,
  completed_at: true,
  updated_at: true,
} satisfies Record<StoredExceptCiphertext, true>) as StoredExceptCiphertext[];

function saveStep(keepTitle: boolean) {
  return prepared((db, row: StepProgressRow) =>
    db
      .insertInto('step_progress')
      .values({
        user_id: row.user_id,
        program: row.program,
        track: row.track,
        step_number: row.step_number,
        step_title: row.step_title,
        completed: row.completed,
        actions: row.actions,
        encrypted_data: row.encrypted_data,
        encrypted: row.encrypted,
        started_at: row.started_at,
        completed_at: row.completed_at,
        updated_at: row.updated_at,
      } satisfies Required<StepProgressRow>)
      .onConflict((oc) =>
        oc.columns(['user_id', 'program', 'track', 'step_number']).doUpdateSet((eb) => ({
          step_title: keepTitle ? eb.ref('step_progress.step_title') : eb.ref('excluded.step_title'),
          completed: eb.ref('excluded.completed'),
          actions: eb.ref('excluded.actions'),
          encrypted_data: eb.ref('excluded.encrypted_data'),
          encrypted: eb.ref('excluded.encrypted'),
          started_at: eb.fn.coalesce('step_progress.started_at', 'excluded.started_at'),
          completed_at: eb
            .case()
            .when('excluded.completed', '=', 1)
            .then(eb.fn.coalesce('step_progress.completed_at', 'excluded.completed_at'))
            .else(null)
            .end(),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      // The stored ciphertext is the one just sent (`excluded.encrypted_data`): reading its 7 KB back
      // made the statement about a sixth slower.
      .returning(STORED_EXCEPT_CIPHERTEXT),
  );
}

const saveKeepingTitle = saveStep(true);
const saveWithTitle = saveStep(false);

/**
 * Tells the exact caches of `db` (SQLite) that a step save changes the saving person's row only: the
 * upsert's conflict target starts with user_id.
 */
export function declareStepSaves(db: Db): void {
  for (const save of [saveKeepingTitle, saveWithTitle]) {
    changesOneUsersRows(db, save.sqlOn(db), 'step_progress', save.parameterOn(db, 'user_id'));
  }
}

/**
 * Saves a step's new state in one statement and returns the stored row. The step keeps its first start and
 * completion dates: `row.started_at` and `row.completed_at` only apply where the stored step has none, and
 * a step saved as not completed loses its completion date. `keepTitle` keeps the stored title.
 */
export async function saveStepProgress(
  db: Db,
  row: StepProgressRow,
  keepTitle: boolean,
): Promise<StepProgressRow> {
  const save = keepTitle ? saveKeepingTitle : saveWithTitle;
  const [stored] = (await save(db, row)).rows;
  if (!stored) throw new Error('saving a step returned no row');
  return { ...stored, encrypted_data: row.encrypted_data };
}

export async function updateStepDates(
  db: Db,
  key: StepKey,
  dates: { started_at: number | null; completed_at: number | null; updated_at: number },
): Promise<void> {
  await db
    .updateTable('step_progress')
    .set(dates)
    .where('user_id', '=', key.user_id)
    .where('program', '=', key.program)
    .where('track', '=', key.track)
    .where('step_number', '=', key.step_number)
    .execute();
}

export async function insertStatusUpdate(db: Db, row: Omit<Database['status_updates'], 'id'>): Promise<void> {
  await db.insertInto('status_updates').values(row).execute();
}

export async function upsertProgram(db: Db, row: Database['progress_programs']): Promise<void> {
  await db
    .insertInto('progress_programs')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'program']).doUpdateSet({ description: row.description }))
    .execute();
}

export async function upsertTrack(db: Db, row: Database['progress_tracks']): Promise<void> {
  await db
    .insertInto('progress_tracks')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'program', 'track']).doUpdateSet({ description: row.description }),
    )
    .execute();
}
