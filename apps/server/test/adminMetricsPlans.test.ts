import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeMetrics } from '../src/features/admin/metrics.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * The admin figures stay in step with the data's size only while each reads an index and nothing else: a
 * table's rows (every inventory's ciphertext lies beside its counts) or a sort would grow faster than the
 * people counted. SQLite shows both in its program for a query, so each query of the figures is checked.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function queriesOfTheFigures(): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const recording = t.db.withPlugin({
    transformQuery: (args) => {
      queries.push(t.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await computeMetrics({ ...t.deps, db: recording });
  return queries;
}

describe.skipIf(onPostgres)('admin figures on SQLite', () => {
  it('read indexes alone: no table rows but the step summary, and no sort of a whole index', async () => {
    const schema = await t.db.executeQuery<{ rootpage: number; name: string; type: string }>(
      CompiledQuery.raw('select rootpage, name, type from sqlite_schema'),
    );
    const byRootPage = new Map(schema.rows.map((r) => [r.rootpage, r]));
    const queries = await queriesOfTheFigures();
    expect(queries.length).toBeGreaterThan(5);
    for (const query of queries) {
      const program = await t.db.executeQuery<{ opcode: string; p1: number; p2: number }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      // A table may be opened yet never read (its index holds all the query needs): what counts is a column
      // read through the table's cursor.
      const tableOfCursor = new Map(
        program.rows
          .filter((op) => op.opcode === 'OpenRead' && byRootPage.get(op.p2)?.type === 'table')
          .map((op) => [op.p1, byRootPage.get(op.p2)?.name]),
      );
      const tablesRead = [
        ...new Set(
          program.rows
            .filter((op) => op.opcode === 'Column' && tableOfCursor.has(op.p1))
            .map((op) => tableOfCursor.get(op.p1)),
        ),
      ];
      expect({ sql: query.sql, tablesRead }).toEqual({
        sql: query.sql,
        tablesRead: tablesRead.filter((name) => name === 'step_figures'),
      });
      const plan = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      // A sort only of a range (the week's check-ins), never of a walk of a whole index.
      const details = plan.rows.map((r) => r.detail);
      const sortsAll =
        details.some((d) => d.includes('TEMP B-TREE')) && !details.some((d) => /SEARCH .*>/.test(d));
      expect({ sql: query.sql, details, sortsAll }).toEqual({ sql: query.sql, details, sortsAll: false });
    }
  });
});
