import type { Db } from './index.ts';

/** Adds one hit to a fixed window and returns the window's count after it. */
export async function hitWindow(db: Db, bucket: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Takes one hit back from a window (an attempt that turned out not to count). */
export async function unhitWindow(db: Db, bucket: string, windowStart: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
}

export async function windowCount(db: Db, bucket: string, windowStart: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

export async function deleteWindowsBefore(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', cutoff).execute();
}
