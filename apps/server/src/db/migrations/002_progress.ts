import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const isPostgres = dialect === 'postgres';

  await db.schema
    .createTable('progress_programs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('progress_programs_pk', ['user_id', 'program'])
    .execute();

  await db.schema
    .createTable('progress_tracks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('progress_tracks_pk', ['user_id', 'program', 'track'])
    .execute();

  await db.schema
    .createTable('step_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('step_number', 'integer', (c) => c.notNull())
    .addColumn('step_title', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('encrypted_data', 'text')
    .addColumn('encrypted', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_progress_pk', ['user_id', 'program', 'track', 'step_number'])
    .execute();
  await db.schema
    .createIndex('step_progress_step')
    .on('step_progress')
    .columns(['program', 'track', 'step_number', 'completed'])
    .execute();

  await db.schema
    .createTable('status_updates')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('status_note', 'text', (c) => c.notNull())
    .addColumn('progress_milestone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_updates_user')
    .on('status_updates')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('date_display_opted_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'user_preferences',
    'status_updates',
    'step_progress',
    'progress_tracks',
    'progress_programs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
