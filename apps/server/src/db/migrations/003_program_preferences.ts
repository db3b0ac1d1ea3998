import type { Kysely } from 'kysely';

/** Program preferences live beside date tracking; a null list means the user has not chosen yet. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').addColumn('selected_programs', 'text').execute();
  await db.schema.alterTable('user_preferences').addColumn('primary_program', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').dropColumn('primary_program').execute();
  await db.schema.alterTable('user_preferences').dropColumn('selected_programs').execute();
}
