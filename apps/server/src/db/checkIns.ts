import { changesOneUsersRows } from './exactCache.ts';
import type { Db } from './index.ts';
import { prepared } from './preparedQueries.ts';
import type { Database } from './schema.ts';

export type CheckInRow = Database['check_ins'];

/** Rows per INSERT in a restore: four parameters each, far below either engine's limit. */
const INSERT_BATCH = 500;

/** Every check-in of the person, oldest day first. */
export function listCheckIns(db: Db, userId: string): Promise<CheckInRow[]> {
  return db.selectFrom('check_ins').selectAll().where('user_id', '=', userId).orderBy('day').execute();
}

export async function hasCheckIn(db: Db, userId: string, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('check_ins')
    .select('day')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countCheckIns(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('check_ins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const upsert = prepared((db, row: CheckInRow) =>
  db
    .insertInto('check_ins')
    .values({
      user_id: row.user_id,
      day: row.day,
      ciphertext: row.ciphertext,
      updated_at: row.updated_at,
    } satisfies Required<CheckInRow>)
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
        ciphertext: eb.ref('excluded.ciphertext'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
);

const remove = prepared((db, key: { userId: string; day: string }) =>
  db.deleteFrom('check_ins').where('user_id', '=', key.userId).where('day', '=', key.day),
);

/**
 * Tells the exact caches of `db` (SQLite) that saving or deleting a check-in changes that person's rows
 * only, so that it does not empty everyone's cached check-ins.
 */
export function declareCheckInWrites(db: Db): void {
  changesOneUsersRows(db, upsert.sqlOn(db), 'check_ins', upsert.parameterOn(db, 'user_id'));
  changesOneUsersRows(db, remove.sqlOn(db), 'check_ins', remove.parameterOn(db, 'userId'));
}

/** Makes the day's check-in, or replaces its ciphertext. */
export async function upsertCheckIn(db: Db, row: CheckInRow): Promise<void> {
  await upsert(db, row);
}

/** Writes many check-ins (each day once) of a person who has none, as a restore does: many rows per INSERT. */
export async function insertCheckIns(db: Db, rows: CheckInRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db
      .insertInto('check_ins')
      .values(rows.slice(start, start + INSERT_BATCH))
      .execute();
  }
}

export async function deleteCheckIn(db: Db, userId: string, day: string): Promise<boolean> {
  const result = await remove(db, { userId, day });
  return Number(result.numAffectedRows) > 0;
}

export async function deleteCheckIns(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('check_ins').where('user_id', '=', userId).execute();
}
