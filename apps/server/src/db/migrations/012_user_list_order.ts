import type { Kysely } from 'kysely';

/**
 * The admin user list's order (newest first, then e-mail) as one index that also holds the id and the
 * status filter, so a page anywhere in the list is found by walking the index alone; only the page's own
 * rows are then read (adminQueries.ts listUsersPage). It replaces the (status, email) index, which led
 * SQLite's planner to sort every user of a status for one page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_list_order')
    .on('users')
    .columns(['created_at desc', 'email', 'id', 'status'])
    .execute();
  await db.schema.dropIndex('users_status_email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_status_email').on('users').columns(['status', 'email']).execute();
  await db.schema.dropIndex('users_list_order').execute();
}
