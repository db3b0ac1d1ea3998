import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type AuthCodeRow = Database['auth_codes'];
export type CodePurpose = AuthCodeRow['purpose'];

/** One live code per user and purpose: a new one replaces the old. */
export async function replaceCode(db: Db, row: Omit<AuthCodeRow, 'wrong_tries' | 'used_at'>): Promise<void> {
  await db
    .insertInto('auth_codes')
    .values({ ...row, wrong_tries: 0, used_at: null })
    .onConflict((oc) =>
      oc.columns(['user_id', 'purpose']).doUpdateSet({
        code_hash: row.code_hash,
        created_at: row.created_at,
        expires_at: row.expires_at,
        wrong_tries: 0,
        used_at: null,
      }),
    )
    .execute();
}

/**
 * Counts one try of a live code and returns it, in one statement that only counts while fewer than
 * `maxTries` were made; undefined when there is no live code or its tries are used up.
 */
export function countTry(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  maxTries: number,
): Promise<AuthCodeRow | undefined> {
  return db
    .updateTable('auth_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('wrong_tries', '<', maxTries)
    .returningAll()
    .executeTakeFirst();
}

/** Marks the code used only if it still is unused; false when another request took it first. */
export async function consumeCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('auth_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
