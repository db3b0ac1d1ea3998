import type { Kysely } from 'kysely';

/**
 * In-app notes of what happened between two people (decision 22's sponsor space and sponsorship): the kind,
 * the other person's name as they chose it, and what it was about; never content. `email_notes` is the
 * person's choice to also get the neutral e-mail, and `notice_mailed_at` when the last one was queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('other_name', 'text', (c) => c.notNull())
    .addColumn('relationship_id', 'text')
    .addColumn('item_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_notes', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('notice_mailed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('notice_mailed_at').execute();
  await db.schema.alterTable('users').dropColumn('email_notes').execute();
  await db.schema.dropTable('notifications').execute();
}
