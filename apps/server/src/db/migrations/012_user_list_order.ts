import type { Kysely } from 'kysely';

/**
 * The admin user list's order (newest first, then e-mail) as one index that also holds the id and the
 * status filter, so a page anywhere in the list is found by walking the index alone; only the page's own
 * rows are then read (adminQueries.ts listUsersPage).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_list_order')
    .on('users')
    .columns(['created_at desc', 'email', 'id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_list_order').execute();
}
