import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Dialect } from './dialect.ts';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type OutboxRow = Database['mail_outbox'];
export type OutboxKind = OutboxRow['kind'];

export type NewOutboxRow = Pick<OutboxRow, 'kind' | 'recipient'> &
  Partial<Pick<OutboxRow, 'subject' | 'body' | 'payload' | 'expires_at'>>;

/** Queues a row; pass the transaction the request writes in, so both land or neither does. */
export async function enqueueMail(db: Db, row: NewOutboxRow, now: number): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      subject: '',
      body: '',
      payload: null,
      expires_at: null,
      ...row,
      attempts: 0,
      next_attempt_at: now,
      claimed_until: 0,
      last_error: null,
      created_at: now,
    })
    .execute();
}

/**
 * Claims up to `limit` due rows for `leaseMs` in one statement and counts the attempt. On PostgreSQL rows
 * another instance is claiming are skipped, not waited for; SQLite has one writer, so the statement is
 * already alone.
 */
export async function claimDueMail(
  db: Db,
  dialect: Dialect,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<OutboxRow>`
    update mail_outbox set claimed_until = ${now + leaseMs}, attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where next_attempt_at <= ${now} and claimed_until <= ${now}
      order by created_at limit ${limit} ${lock}
    )
    returning *`.execute(db);
  return result.rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

export async function deleteMail(db: Db, id: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

/** Turns a request row into the message it decided on, keeping the claim. */
export async function fillMessage(
  db: Db,
  id: string,
  message: Pick<OutboxRow, 'recipient' | 'subject' | 'body' | 'expires_at'>,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ ...message, kind: 'message', payload: null })
    .where('id', '=', id)
    .execute();
}

export async function retryMailLater(db: Db, id: string, nextAttemptAt: number, error: string) {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: nextAttemptAt, claimed_until: 0, last_error: error.slice(0, 200) })
    .where('id', '=', id)
    .execute();
}

export async function countQueuedMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Mail still waiting for someone whose account is being deleted: nothing is sent to them afterwards. */
export async function deleteMailTo(db: Db, email: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('recipient', '=', email).execute();
}
