import type { Kysely } from 'kysely';

/**
 * The sponsee's record of the sponsor key each generation of a space was sealed to, ciphertext under the
 * sponsee's own data key, kept beside the sponsee's sealed copy (decision 43). The safety code is computed
 * from it rather than from the key the server returns now. Null for the sponsor's copies and for
 * generations sealed before records were kept, which the sponsee's browser seals again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('space_keys').addColumn('record', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('space_keys').dropColumn('record').execute();
}
