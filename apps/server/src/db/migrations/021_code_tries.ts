import type { Kysely } from 'kysely';

/**
 * Tries of a mailed code, counted per purpose and address whether or not the address has an account, so
 * that "this code is used up" comes after the same number of tries for every address. The bucket is a keyed
 * hash: the table names no one. A new code request starts the count again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_tries')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('code_tries_updated').on('code_tries').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_tries').execute();
}
