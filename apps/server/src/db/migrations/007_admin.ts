import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Account status fields, the admin audit log, and the indexes the metrics and user lists need. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const isPostgres = dialect === 'postgres';
  await db.schema.alterTable('users').addColumn('deactivated_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('deactivation_reason', 'text').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema.createIndex('users_last_login_at').on('users').column('last_login_at').execute();
  await db.schema.createIndex('users_status_email').on('users').columns(['status', 'email']).execute();
  await db.schema.createIndex('web_vitals_name_value').on('web_vitals').columns(['name', 'value']).execute();
  await db.schema
    .createIndex('inventories_user')
    .on('inventories')
    .columns(['user_id', 'completed'])
    .execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('admin_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created').on('admin_audit').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit').execute();
  for (const index of [
    'inventories_user',
    'web_vitals_name_value',
    'users_status_email',
    'users_last_login_at',
    'users_created_at',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('users').dropColumn('deactivation_reason').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
