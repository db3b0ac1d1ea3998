import type { Kysely } from 'kysely';

/**
 * When the person said they saved the recovery code of a key's current wrapping (epoch ms), or null: the
 * dashboard asks again until they do, on every device (decision 48). Keys made before this have no such
 * record, so their people are asked once, and can check the code they kept instead of making a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_keys').addColumn('recovery_saved_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_keys').dropColumn('recovery_saved_at').execute();
}
