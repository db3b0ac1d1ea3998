import type { Kysely } from 'kysely';

/**
 * A profile's bio, location and phone become one ciphertext made in the owner's browser. The old readable
 * columns stay only to carry what was saved before: the server empties them the moment the browser sends
 * the encrypted details (which it does the next time the owner opens the profile with the data key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('details', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('details').execute();
}
