import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Admin metrics without a pass over every step row. The step figures are kept on write: one row per (program, track, step) with the counts the metrics
 * report, maintained by triggers on step_progress in the same transaction as every insert, update and
 * delete (including deletes cascaded from an account). Reading them costs twelve rows instead of a pass
 * over every step row. A save that changes neither the start, the completion nor their dates (the usual
 * edit of a started step) does not touch the summary, so saves do not queue on its rows.
 * The two step indexes of 009 only served the metrics and go; two small partial indexes serve the
 * per-user counts (users with a started step, users with a started inventory).
 */

/** The contribution of one step_progress row (`row` is NEW or OLD) to each figure. */
function contribution(row: 'new' | 'old') {
  const r = (column: string) => `${row}.${column}`;
  const timed = `${r('completed')} = 1 and ${r('started_at')} is not null and ${r('completed_at')} is not null`;
  return {
    started: `case when ${r('started_at')} is not null or ${r('completed')} = 1 then 1 else 0 end`,
    in_progress: `case when ${r('started_at')} is not null and ${r('completed')} = 0 then 1 else 0 end`,
    completed: `case when ${r('completed')} = 1 then 1 else 0 end`,
    duration_ms: `case when ${timed} then ${r('completed_at')} - ${r('started_at')} else 0 end`,
    durations: `case when ${timed} then 1 else 0 end`,
  };
}

const FIGURES = ['started', 'in_progress', 'completed', 'duration_ms', 'durations'] as const;
const KEY = ['program', 'track', 'step_number'] as const;

function addRow(row: 'new' | 'old', sign: '+' | '-') {
  const c = contribution(row);
  if (sign === '+') {
    return `insert into step_figures (${[...KEY, ...FIGURES].join(', ')})
      values (${[...KEY.map((k) => `${row}.${k}`), ...FIGURES.map((f) => c[f])].join(', ')})
      on conflict (${KEY.join(', ')}) do update set
      ${FIGURES.map((f) => `${f} = step_figures.${f} + excluded.${f}`).join(', ')}`;
  }
  return `update step_figures set ${FIGURES.map((f) => `${f} = ${f} - (${c[f]})`).join(', ')}
    where ${KEY.map((k) => `${k} = ${row}.${k}`).join(' and ')}`;
}

const changed = (distinct: string) =>
  ['started_at', 'completed', 'completed_at']
    .map((column) => `old.${column} ${distinct} new.${column}`)
    .join(' or ');

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('step_figures')
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('step_number', 'integer', (c) => c.notNull())
    .addColumn('started', 'bigint', (c) => c.notNull())
    .addColumn('in_progress', 'bigint', (c) => c.notNull())
    .addColumn('completed', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('durations', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_figures_pk', [...KEY])
    .execute();

  const row = contribution('new');
  const p = (column: string) => column.replaceAll('new.', '');
  await sql
    .raw(
      `insert into step_figures (${[...KEY, ...FIGURES].join(', ')})
       select ${KEY.join(', ')}, ${FIGURES.map((f) => `sum(${p(row[f])})`).join(', ')}
       from step_progress group by ${KEY.join(', ')}`,
    )
    .execute(db);

  await db.schema.dropIndex('step_progress_figures').execute();
  await db.schema.dropIndex('step_progress_user_started').execute();
  await db.schema
    .createIndex('step_progress_started_user')
    .on('step_progress')
    .column('user_id')
    .where(sql.ref('started_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('inventories_started_user')
    .on('inventories')
    .column('user_id')
    .where(sql.ref('entry_count'), '>', 0)
    .execute();

  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger step_figures_insert after insert on step_progress begin ${addRow('new', '+')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger step_figures_delete after delete on step_progress begin ${addRow('old', '-')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger step_figures_update after update on step_progress when ${changed('is not')}
         begin ${addRow('old', '-')}; ${addRow('new', '+')}; end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function step_figures_apply() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then ${addRow('old', '-')}; end if;
         if tg_op in ('INSERT', 'UPDATE') then ${addRow('new', '+')}; end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger step_figures_insert_delete after insert or delete on step_progress
       for each row execute function step_figures_apply()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger step_figures_update after update on step_progress
       for each row when (${changed('is distinct from')}) execute function step_figures_apply()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const on = postgres ? ' on step_progress' : '';
  for (const trigger of [
    'step_figures_insert',
    'step_figures_delete',
    'step_figures_insert_delete',
    'step_figures_update',
  ]) {
    await sql.raw(`drop trigger if exists ${trigger}${on}`).execute(db);
  }
  if (postgres) await sql.raw('drop function if exists step_figures_apply()').execute(db);
  await db.schema.dropTable('step_figures').execute();
  await db.schema.dropIndex('inventories_started_user').execute();
  await db.schema.dropIndex('step_progress_started_user').execute();
  await db.schema
    .createIndex('step_progress_user_started')
    .on('step_progress')
    .columns(['user_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('step_progress_figures')
    .on('step_progress')
    .columns(['program', 'track', 'step_number', 'completed', 'started_at', 'completed_at'])
    .execute();
}
