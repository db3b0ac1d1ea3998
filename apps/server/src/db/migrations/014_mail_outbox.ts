import type { Kysely } from 'kysely';

/**
 * Mail leaves through this table: a request writes its row and answers; a worker sends it (or, for a
 * request about an address, first decides what to send) and deletes it. A row is claimed by setting
 * `claimed_until`, so with several server instances each row is handled by one of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
