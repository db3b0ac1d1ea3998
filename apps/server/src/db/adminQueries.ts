import { sql } from 'kysely';
import type { Db, Dialect } from './index.ts';
import { containsPattern } from './likePattern.ts';
import type { Database } from './schema.ts';

type Page = { page: number; pageSize: number };
type UserFilter = { status?: Database['users']['status']; search?: string };

function filteredUsers(db: Db, filter: UserFilter) {
  let query = db.selectFrom('users');
  if (filter.status) query = query.where('users.status', '=', filter.status);
  if (filter.search) {
    query = query.where(
      sql<boolean>`users.email like ${containsPattern(filter.search.toLowerCase())} escape '\\'`,
    );
  }
  return query;
}

export async function listUsersPage(db: Db, filter: UserFilter, page: Page) {
  // The page is found in the list-order index alone (migration 012); only its rows are then read in full.
  const pageIds = filteredUsers(db, filter)
    .select(['users.id', 'users.created_at', 'users.email'])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.email')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .as('page');
  const rows = await db
    .selectFrom(pageIds)
    .innerJoin('users', 'users.id', 'page.id')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select([
      'users.email',
      'users.name',
      'users.status',
      'users.email_verified',
      'users.role',
      'users.created_at',
      'users.last_login_at',
      'users.deactivated_at',
      'users.deactivation_reason',
      sql<number>`case when profiles.user_id is null then 0 else 1 end`.as('has_profile'),
    ])
    .orderBy('page.created_at', 'desc')
    .orderBy('page.email')
    .execute();
  const total = await filteredUsers(db, filter)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/**
 * Makes the rest of a transaction the only one changing who is an admin: on PostgreSQL by locking every
 * admin's row (a row that stops being an admin while this waits is left out); SQLite runs one transaction
 * at a time already.
 */
export async function lockAdmins(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listFeedbackPage(db: Db, reviewed: boolean | undefined, page: Page) {
  let query = db.selectFrom('feedback');
  if (reviewed !== undefined) query = query.where('reviewed', '=', reviewed ? 1 : 0);
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const total = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export function allFeedback(db: Db) {
  return db.selectFrom('feedback').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function reviewFeedback(
  db: Db,
  id: number,
  reviewed: boolean,
  notes: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('feedback')
    .set({ reviewed: reviewed ? 1 : 0, admin_notes: notes })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAudit(db: Db, row: Omit<Database['admin_audit'], 'id'>): Promise<void> {
  await db.insertInto('admin_audit').values(row).execute();
}
