import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type KeptAsideToolsRow = Database['kept_aside_tools'];

export async function insertKeptAsideTools(db: Db, row: KeptAsideToolsRow): Promise<void> {
  await db.insertInto('kept_aside_tools').values(row).execute();
}

/** The person's kept-aside circles, abstinence dates and check-ins, newest first, without their ciphertext. */
export function listKeptAsideTools(
  db: Db,
  userId: string,
): Promise<
  Array<Omit<KeptAsideToolsRow, 'circles' | 'check_ins'> & { circles_kept: number; check_ins_kept: number }>
> {
  return db
    .selectFrom('kept_aside_tools')
    .select(['id', 'user_id', 'abstinence', 'circle_versions', 'check_in_count', 'created_at'])
    .select((eb) => [
      eb.case().when('circles', 'is not', null).then(1).else(0).end().as('circles_kept'),
      eb.case().when('check_ins', 'is not', null).then(1).else(0).end().as('check_ins_kept'),
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countKeptAsideTools(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('kept_aside_tools')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findKeptAsideTools(
  db: Db,
  userId: string,
  id: string,
): Promise<KeptAsideToolsRow | undefined> {
  return db
    .selectFrom('kept_aside_tools')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteKeptAsideTools(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('kept_aside_tools')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
