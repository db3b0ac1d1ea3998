import { type Kysely, sql } from 'kysely';

/**
 * Writing becomes bound to the account id instead of the e-mail (binding 2), so an e-mail change leaves
 * it readable. Accounts that existed before are at binding 1: their writing was bound to the address they
 * have now, which `v1_binding` keeps so that it stays readable after the address changes. The owner's
 * browser moves each piece to binding 2 and then raises `content_binding`; new accounts start there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('content_binding', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema.alterTable('users').addColumn('v1_binding', 'text').execute();
  await sql`update users set content_binding = 1, v1_binding = email`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('v1_binding').execute();
  await db.schema.alterTable('users').dropColumn('content_binding').execute();
}
