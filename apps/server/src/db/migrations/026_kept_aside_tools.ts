import type { Kysely } from 'kysely';

/**
 * The circles, abstinence dates and check-ins a clear or a restore replaced, kept aside as they were
 * (ciphertext only) until the person puts them back or deletes them, as kept-aside writing is. Each part is
 * JSON text, null when that clear or restore left the part alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kept_aside_tools')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('circles', 'text')
    .addColumn('abstinence', 'text')
    .addColumn('check_ins', 'text')
    .addColumn('circle_versions', 'integer', (c) => c.notNull())
    .addColumn('check_in_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kept_aside_tools_user')
    .on('kept_aside_tools')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kept_aside_tools').execute();
}
