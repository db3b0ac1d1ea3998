import type { Kysely } from 'kysely';

/**
 * Earlier wrappings of a data key: each time a key is re-wrapped (recovery, password change) the wrapping
 * it replaces is kept here, so a wrong re-wrap can be undone with the password or code that opened the old
 * one. Only the newest few per key are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_wrappings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull().references('user_keys.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('encrypted_key', 'text', (c) => c.notNull())
    .addColumn('recovery_encrypted_key', 'text', (c) => c.notNull())
    .addColumn('kdf_salt', 'text', (c) => c.notNull())
    .addColumn('kdf_iterations', 'integer', (c) => c.notNull())
    .addColumn('replaced_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('key_wrappings_key')
    .on('key_wrappings')
    .columns(['key_id', 'replaced_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('key_wrappings').execute();
}
