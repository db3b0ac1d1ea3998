import type { Kysely } from 'kysely';

/**
 * Earlier writing a person set aside by starting a step or an inventory over: the ciphertext as it was,
 * with the slot it came from (a step, or an inventory type), until they put it back or delete it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kept_aside')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('program', 'text')
    .addColumn('track', 'text')
    .addColumn('step_number', 'integer')
    .addColumn('inventory_type', 'text')
    .addColumn('encrypted_data', 'text', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kept_aside_user')
    .on('kept_aside')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kept_aside').execute();
}
