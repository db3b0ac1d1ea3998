import { INVENTORY_TYPES, type InventoryType } from '@sam/core';
import { type AliasedSelectQueryBuilder, sql } from 'kysely';
import type { Db } from './index.ts';

const DAY = 86_400_000;
const n = (value: unknown) => Number(value ?? 0);

/** Every figure is one aggregate query over indexed columns; no user is loaded into memory. */
export async function userFigures(db: Db, now: number) {
  const row = await db
    .selectFrom('users')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when last_login_at >= ${now - 30 * DAY} then 1 else 0 end)`.as('active'),
      sql<number>`sum(case when created_at >= ${now - 7 * DAY} then 1 else 0 end)`.as('new_week'),
      sql<number>`sum(case when created_at >= ${now - 30 * DAY} then 1 else 0 end)`.as('new_month'),
      sql<number>`sum(case when last_login_at >= created_at + ${DAY} then 1 else 0 end)`.as('returned'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: n(row.total),
    active: n(row.active),
    newWeek: n(row.new_week),
    newMonth: n(row.new_month),
    returned: n(row.returned),
  };
}

/** Distinct users as a count over a DISTINCT subquery: a walk of a user-ordered index, not a sort. */
export async function usersWithProgress(db: Db): Promise<number> {
  const started = db
    .selectFrom('step_progress')
    .select('user_id')
    .distinct()
    // A completed step always has a start date (set on its first save, required when dates are edited).
    .where('started_at', 'is not', null)
    .as('started');
  const row = await db
    .selectFrom(started)
    .select(sql<number>`count(*)`.as('users'))
    .executeTakeFirstOrThrow();
  return n(row.users);
}

/** Read from the summary that triggers keep on every step_progress write (migration 010). */
export async function stepFigures(db: Db, program: string, track: string) {
  const rows = await db
    .selectFrom('step_figures')
    .select(['step_number', 'started', 'in_progress', 'completed', 'duration_ms', 'durations'])
    .where('program', '=', program)
    .where('track', '=', track)
    .execute();
  return rows.map((r) => ({
    step: r.step_number,
    started: n(r.started),
    inProgress: n(r.in_progress),
    completed: n(r.completed),
    averageMs: n(r.durations) === 0 ? null : n(r.duration_ms) / n(r.durations),
  }));
}

/**
 * The current version of each inventory only: one walk of the metrics index per type, its version and type
 * compared as equalities (one grouped query testing either pair on every entry took a third longer).
 */
export function inventoryFigures(db: Db) {
  return Promise.all(
    INVENTORY_TYPES.map(async (type) => {
      const r = await db
        .selectFrom('inventories')
        .select([
          sql<number>`sum(case when entry_count > 0 then 1 else 0 end)`.as('started'),
          sql<number>`sum(case when completed = 1 then 1 else 0 end)`.as('completed'),
          sql<number | null>`avg(case when entry_count > 0 then entry_count end)`.as('avg_entries'),
          sql<number | null>`max(entry_count)`.as('max_entries'),
        ])
        .where('version', '=', `${type}-current`)
        .where('inventory_type', '=', type)
        .executeTakeFirstOrThrow();
      return {
        type,
        started: n(r.started),
        completed: n(r.completed),
        avgEntries: r.avg_entries === null ? 0 : Number(r.avg_entries),
        maxEntries: n(r.max_entries),
      };
    }),
  );
}

/**
 * People with all three current inventories completed: the intersection of three walks of the metrics
 * index, each already in user order, so no grouping sort (a third of the time at 100,000 people).
 * Started: the partial index on started rows holds exactly those rows, which SQLite uses alone only when
 * the query states its condition as written (`> 0`), not as a bound parameter.
 */
export async function inventoryUserFigures(db: Db) {
  const completedCurrent = (type: InventoryType) =>
    db
      .selectFrom('inventories')
      .select('user_id')
      .where('version', '=', `${type}-current`)
      .where('inventory_type', '=', type)
      .where('completed', '=', 1);
  const [first, ...others] = INVENTORY_TYPES;
  const allThree = others
    .reduce((users, type) => users.intersect(completedCurrent(type)), completedCurrent(first))
    .as('all_three');
  const completedAll = await db
    .selectFrom(allThree)
    .select(sql<number>`count(*)`.as('users'))
    .executeTakeFirstOrThrow();
  const started = db
    .selectFrom('inventories')
    .select('user_id')
    .distinct()
    .where('entry_count', '>', sql.lit(0))
    .as('started');
  const startedAny = await db
    .selectFrom(started)
    .select(sql<number>`count(*)`.as('users'))
    .executeTakeFirstOrThrow();
  return { completedAll: n(completedAll.users), startedAny: n(startedAny.users) };
}

/**
 * Who uses the three circles and the nightly check-in: distinct people over each primary key's leading
 * column, and the people with a check-in saved since `since` through the index on its time.
 */
export async function circlesAndCheckInFigures(db: Db, since: number) {
  const count = async (users: AliasedSelectQueryBuilder<{ user_id: string }, 'users'>) =>
    n((await db.selectFrom(users).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const circlesUsers = db.selectFrom('circles_versions').select('user_id').distinct();
  const checkInUsers = db.selectFrom('check_ins').select('user_id').distinct();
  // Distinct over an expression, not the column: SQLite would otherwise walk every check-in in user order
  // (no sort, but each row read for its time) instead of the index's range of recent times, then a sort.
  const recentCheckInUsers = db
    .selectFrom('check_ins')
    .select(sql<string>`user_id || ''`.as('user_id'))
    .distinct()
    .where('updated_at', '>=', since);
  const [withCircles, withCheckIns, checkedInSince] = await Promise.all([
    count(circlesUsers.as('users')),
    count(checkInUsers.as('users')),
    count(recentCheckInUsers.as('users')),
  ]);
  return { withCircles, withCheckIns, checkedInSince };
}

/** 75th percentile (nearest rank) of one web-vital, read through the (name, value) index. */
export async function vitalPercentile(db: Db, name: string, fraction: number) {
  const count = n(
    (
      await db
        .selectFrom('web_vitals')
        .select(sql<number>`count(*)`.as('n'))
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (count === 0) return { value: null, samples: 0 };
  const row = await db
    .selectFrom('web_vitals')
    .select('value')
    .where('name', '=', name)
    .orderBy('value')
    .offset(Math.ceil(fraction * count) - 1)
    .limit(1)
    .executeTakeFirst();
  return { value: row ? Number(row.value) : null, samples: count };
}
