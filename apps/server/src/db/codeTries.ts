import type { Db } from './index.ts';

/** Counts one try in a bucket and returns the count after it, in one statement. */
export async function countCodeTry(db: Db, bucket: string, now: number): Promise<number> {
  const row = await db
    .insertInto('code_tries')
    .values({ bucket, tries: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet((eb) => ({ tries: eb('code_tries.tries', '+', 1), updated_at: now })),
    )
    .returning('tries')
    .executeTakeFirstOrThrow();
  return Number(row.tries);
}

/** A new code was asked for: its tries start from none. */
export async function clearCodeTries(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('code_tries').where('bucket', '=', bucket).execute();
}

export async function deleteCodeTriesBefore(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom('code_tries').where('updated_at', '<', cutoff).execute();
}
