import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventories')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inventory_type', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('encrypted_data', 'text')
    .addColumn('encrypted', 'integer', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('inventories_pk', ['user_id', 'inventory_type', 'version'])
    .execute();
  await db.schema
    .createIndex('inventories_type')
    .on('inventories')
    .columns(['inventory_type', 'version', 'completed'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inventories').execute();
}
