import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Web-vitals reports no longer name the account: a page path with a time per user was a record of when
 * someone opened which step, which the metrics (percentiles over everyone) never needed. The table is
 * rebuilt without its user column (SQLite cannot drop a column that references another table).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const isPostgres = dialect === 'postgres';
  await db.schema
    .createTable('web_vitals_anonymous')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('navigation_type', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into web_vitals_anonymous (name, value, rating, page, navigation_type, created_at)
    select name, value, rating, page, navigation_type, created_at from web_vitals order by id`.execute(db);
  await db.schema.dropTable('web_vitals').execute();
  await db.schema.alterTable('web_vitals_anonymous').renameTo('web_vitals').execute();
  await db.schema
    .createIndex('web_vitals_name_time')
    .on('web_vitals')
    .columns(['name', 'created_at'])
    .execute();
  await db.schema.createIndex('web_vitals_name_value').on('web_vitals').columns(['name', 'value']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('web_vitals')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
