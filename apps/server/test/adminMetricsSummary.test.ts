import { stepFiguresOf } from '@sam/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testUserRow } from './helpers.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** The figures by core's rule (`stepFiguresOf`), straight from every step row. */
async function fromRows() {
  const rows = await t.db
    .selectFrom('step_progress')
    .select(['program', 'track', 'step_number', 'completed', 'started_at', 'completed_at'])
    .execute();
  const byStep = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.program}|${row.track}|${row.step_number}`;
    byStep.set(key, [...(byStep.get(key) ?? []), row]);
  }
  return withoutZeros(
    [...byStep.values()].map((stepRows) => {
      const { program, track, step_number } = stepRows[0] as (typeof rows)[number];
      const figures = stepFiguresOf(
        stepRows.map((r) => ({
          completed: Number(r.completed) === 1,
          startedAt: r.started_at === null ? null : Number(r.started_at),
          completedAt: r.completed_at === null ? null : Number(r.completed_at),
        })),
      );
      return {
        program,
        track,
        step_number: Number(step_number),
        started: figures.started,
        in_progress: figures.inProgress,
        completed: figures.completed,
        duration_ms: figures.durationMs,
        durations: figures.durations,
      };
    }),
  );
}

type Figures = Record<string, string | number>;
const normalise = (r: Figures) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]));
/** A step every figure of which is zero reads the same as no row at all. */
const withoutZeros = (rows: Figures[]) =>
  rows.filter((r) => ['started', 'completed', 'durations'].some((k) => r[k] !== 0)).sort(byKey);
const byKey = (a: Figures, b: Figures) =>
  `${a.program}${a.track}${String(a.step_number).padStart(2, '0')}`.localeCompare(
    `${b.program}${b.track}${String(b.step_number).padStart(2, '0')}`,
  );

/** The summary the triggers keep, without steps whose every figure went back to zero. */
async function summary() {
  const rows = await t.db.selectFrom('step_figures').selectAll().execute();
  return withoutZeros(rows.map(normalise));
}

async function addUser(id: string) {
  await t.db.insertInto('users').values(testUserRow(id)).execute();
}

function stepRow(user: string, step: number, started: number | null, done: number | null, program = 'SAA') {
  return {
    user_id: user,
    program,
    track: '12-steps',
    step_number: step,
    step_title: `Step ${step}`,
    completed: done === null ? 0 : 1,
    actions: '[]',
    encrypted_data: null,
    encrypted: 0,
    started_at: started,
    completed_at: done,
    updated_at: Date.now(),
  };
}

describe('the step figures kept on write (migration 010)', () => {
  it('equal the figures computed from every row after inserts, upserts, date edits and deletes', async () => {
    const now = Date.now();
    for (const id of ['sum-a', 'sum-b', 'sum-c']) await addUser(id);
    await t.db
      .insertInto('step_progress')
      .values([
        stepRow('sum-a', 1, now - 9 * DAY, now - 2 * DAY),
        stepRow('sum-a', 2, now - DAY, null),
        stepRow('sum-a', 3, null, null),
        stepRow('sum-b', 1, now - 5 * DAY, now - DAY),
        stepRow('sum-b', 2, null, null),
        stepRow('sum-c', 1, now - 3 * DAY, null, 'CoDA'),
      ])
      .execute();
    expect(await summary()).toEqual(await fromRows());

    // An upsert that completes a step, and one that changes nothing the figures count.
    await t.db
      .insertInto('step_progress')
      .values(stepRow('sum-a', 2, now - DAY, now))
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'program', 'track', 'step_number'])
          .doUpdateSet({ completed: 1, completed_at: now }),
      )
      .execute();
    await t.db
      .updateTable('step_progress')
      .set({ encrypted_data: 'AAAA', encrypted: 1, updated_at: now })
      .where('user_id', '=', 'sum-b')
      .execute();
    expect(await summary()).toEqual(await fromRows());

    // Edited dates, a step marked not done again, and one deleted.
    await t.db
      .updateTable('step_progress')
      .set({ started_at: now - 20 * DAY })
      .where('user_id', '=', 'sum-b')
      .where('step_number', '=', 1)
      .execute();
    await t.db
      .updateTable('step_progress')
      .set({ completed: 0, completed_at: null })
      .where('user_id', '=', 'sum-a')
      .where('step_number', '=', 1)
      .execute();
    await t.db
      .deleteFrom('step_progress')
      .where('user_id', '=', 'sum-a')
      .where('step_number', '=', 3)
      .execute();
    expect(await summary()).toEqual(await fromRows());

    // A deleted account takes its step rows with it (ON DELETE CASCADE) and out of the figures.
    await t.db.deleteFrom('users').where('id', '=', 'sum-b').execute();
    expect(await summary()).toEqual(await fromRows());
    const step1 = (await summary()).find((r) => r.program === 'SAA' && r.step_number === 1);
    expect(step1).toMatchObject({ started: 1, in_progress: 1, completed: 0, durations: 0 });
  });
});

describe('the triggers and core agree', () => {
  const when = fc.option(fc.integer({ min: 0, max: 1_000_000_000 }), { nil: null });
  const row = fc.record({
    step: fc.integer({ min: 1, max: 3 }),
    done: fc.boolean(),
    started: when,
    finished: when,
  });

  it('on any mix of saved, changed and deleted steps', async () => {
    await addUser('prop-a');
    await addUser('prop-b');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ user: fc.constantFrom('prop-a', 'prop-b'), row, remove: fc.boolean() }), {
          maxLength: 12,
        }),
        async (writes) => {
          for (const { user, row: r, remove } of writes) {
            const where = { user_id: user, program: 'PROP', track: '12-steps', step_number: r.step };
            if (remove) {
              await t.db
                .deleteFrom('step_progress')
                .where('user_id', '=', where.user_id)
                .where('program', '=', where.program)
                .where('step_number', '=', where.step_number)
                .execute();
              continue;
            }
            const saved = stepRow(user, r.step, r.started, null, 'PROP');
            await t.db
              .insertInto('step_progress')
              .values({ ...saved, completed: r.done ? 1 : 0, completed_at: r.finished })
              .onConflict((oc) =>
                oc.columns(['user_id', 'program', 'track', 'step_number']).doUpdateSet({
                  completed: r.done ? 1 : 0,
                  started_at: r.started,
                  completed_at: r.finished,
                }),
              )
              .execute();
          }
          expect(await summary()).toEqual(await fromRows());
        },
      ),
      { numRuns: 25 },
    );
  });
});
