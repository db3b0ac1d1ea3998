import type { Kysely } from 'kysely';

/**
 * SAA's three circles, abstinence days and the nightly check-in, each ciphertext made in the browser. The
 * circles keep every version (the primary key lets one of two saves based on the same version through);
 * the abstinence record is one per person with a revision that counts its saves; a check-in is one per
 * person and day, the day as the person lived it ('YYYY-MM-DD').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('circles_versions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('circles_versions_pk', ['user_id', 'version'])
    .execute();
  await db.schema
    .createTable('abstinence_records')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('check_ins')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('check_ins_pk', ['user_id', 'day'])
    .execute();
  // The admin figure of who checked in lately reads a range of times, not a walk of every check-in.
  await db.schema
    .createIndex('check_ins_updated')
    .on('check_ins')
    .columns(['updated_at', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('check_ins_updated').execute();
  await db.schema.dropTable('check_ins').execute();
  await db.schema.dropTable('abstinence_records').execute();
  await db.schema.dropTable('circles_versions').execute();
}
