import { type Kysely, sql } from 'kysely';

/**
 * One active data key per account, kept by the database: a partial unique index. Should a race ever have
 * left two active, the newest (highest key_version) stays active and the others become inactive, as a
 * replaced key does; nothing is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update user_keys set active = 0
    where active = 1 and key_version < (
      select max(k.key_version) from user_keys k where k.user_id = user_keys.user_id and k.active = 1
    )`.execute(db);
  await db.schema
    .createIndex('user_keys_one_active')
    .on('user_keys')
    .column('user_id')
    .unique()
    .where(sql.ref('active'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_keys_one_active').execute();
}
