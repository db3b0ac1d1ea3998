import type { Kysely } from 'kysely';

/** Covering indexes so the admin metrics read indexes alone. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('step_progress_figures')
    .on('step_progress')
    .columns(['program', 'track', 'step_number', 'completed', 'started_at', 'completed_at'])
    .execute();
  await db.schema
    .createIndex('step_progress_user_started')
    .on('step_progress')
    .columns(['user_id', 'started_at'])
    .execute();
  await db.schema.dropIndex('step_progress_step').execute();
  await db.schema
    .createIndex('inventories_metrics')
    .on('inventories')
    .columns(['version', 'completed', 'user_id', 'inventory_type', 'entry_count'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('inventories_metrics').execute();
  await db.schema
    .createIndex('step_progress_step')
    .on('step_progress')
    .columns(['program', 'track', 'step_number', 'completed'])
    .execute();
  await db.schema.dropIndex('step_progress_user_started').execute();
  await db.schema.dropIndex('step_progress_figures').execute();
}
