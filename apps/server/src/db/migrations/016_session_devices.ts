import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * "Where you're signed in": each session gets a public id (the token hash never leaves the server), a
 * summary of the browser it was made in (from the User-Agent only: no address, no place) and when it was
 * last used.
 */
type Sessions = {
  sessions: { token_hash: string; created_at: number; public_id: string | null; last_used_at: number | null };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  const sessions = db as unknown as Kysely<Sessions>;
  const existing = await sessions.selectFrom('sessions').select(['token_hash', 'created_at']).execute();
  for (const row of existing) {
    await sessions
      .updateTable('sessions')
      .set({ public_id: randomBytes(16).toString('base64url'), last_used_at: row.created_at })
      .where('token_hash', '=', row.token_hash)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_public_id').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sessions').dropColumn('device').execute();
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
}
