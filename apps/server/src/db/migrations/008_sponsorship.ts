import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Sponsorship: invitations (tokens stored hashed), relationships, reports and the users' own audit log. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const isPostgres = dialect === 'postgres';

  await db.schema
    .createTable('sponsorship_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inviter_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_email', 'text', (c) => c.notNull())
    .addColumn('inviter_display_name', 'text', (c) => c.notNull())
    .addColumn('invitee_email', 'text', (c) => c.notNull())
    .addColumn('invitee_display_name', 'text')
    .addColumn('invitee_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('send_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('responded_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sponsorship_invitations_inviter')
    .on('sponsorship_invitations')
    .columns(['inviter_user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('sponsorship_invitations_invitee')
    .on('sponsorship_invitations')
    .columns(['invitee_email', 'status'])
    .execute();
  await db.schema
    .createIndex('sponsorship_invitations_invitee_user')
    .on('sponsorship_invitations')
    .column('invitee_user_id')
    .execute();

  await db.schema
    .createTable('sponsorship_relationships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invitation_id', 'text', (c) =>
      c.references('sponsorship_invitations.id').onDelete('set null'),
    )
    .addColumn('sponsor_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sponsee_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sponsor_display_name', 'text', (c) => c.notNull())
    .addColumn('sponsee_display_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('ended_by_user_id', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sponsorship_relationships_sponsor')
    .on('sponsorship_relationships')
    .columns(['sponsor_user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('sponsorship_relationships_sponsee')
    .on('sponsorship_relationships')
    .columns(['sponsee_user_id', 'status'])
    .execute();

  await db.schema
    .createTable('sponsorship_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invitation_id', 'text', (c) =>
      c.notNull().references('sponsorship_invitations.id').onDelete('cascade'),
    )
    .addColumn('reporter_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issue_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sponsorship_audit')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('client_timestamp', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sponsorship_audit_user')
    .on('sponsorship_audit')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sponsorship_audit').execute();
  await db.schema.dropTable('sponsorship_reports').execute();
  await db.schema.dropTable('sponsorship_relationships').execute();
  await db.schema.dropTable('sponsorship_invitations').execute();
}
