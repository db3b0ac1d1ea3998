import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './index.ts';

const MARKER = '\u0000prepared-value:';

/**
 * Queries that run on nearly every request (the session lookup behind every signed-in call, a step's save,
 * the progress list) are built and compiled once per database instead of on every call: building and
 * compiling the same query each time was about a fifth of a step save's server time.
 *
 * `build` makes the query from `values` as usual, but is called once per database with a marker in place of
 * each value; the compiled SQL is kept for that database (SQLite and PostgreSQL compile differently, and a
 * transaction gets its own), and every call puts its own values where the markers came out in the
 * parameters, so the parameters' order is the compiler's own. Other parameters (constants in the query)
 * are kept as compiled. So `build` may only pass `values` into the query: anything that branches on a value
 * (`if`, `??`, `?:`) would see the marker, and is a separate prepared query instead.
 */
export function prepared<V extends Record<string, unknown>, R>(
  build: (db: Db, values: V) => Compilable<R>,
): ((db: Db, values: V) => Promise<QueryResult<R>>) & {
  sqlOn(db: Db): string;
  parameterOn(db: Db, value: keyof V & string): number;
} {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<R>; slots: Array<string | undefined> }>();

  function compile(db: Db) {
    const markers = new Proxy(
      {},
      { get: (_target, key) => (typeof key === 'string' ? `${MARKER}${key}` : undefined) },
    ) as V;
    const query = build(db, markers).compile();
    const slots = query.parameters.map((parameter) => {
      if (typeof parameter !== 'string' || !parameter.includes(MARKER)) return undefined;
      if (!parameter.startsWith(MARKER))
        throw new Error(`prepared query: a value is changed in ${query.sql}`);
      return parameter.slice(MARKER.length);
    });
    const entry = { query, slots };
    compiledFor.set(db, entry);
    return entry;
  }

  const run = (db: Db, values: V) => {
    const { query, slots } = compiledFor.get(db) ?? compile(db);
    const parameters = slots.map((slot, index) => {
      if (slot === undefined) return query.parameters[index];
      const value = values[slot];
      // A builder leaves an undefined value out of the query; here it would be bound as a value.
      if (value === undefined) throw new Error(`prepared query: no value for ${slot}`);
      return value;
    });
    return db.executeQuery<R>({ ...query, parameters });
  };
  return Object.assign(run, {
    sqlOn: (db: Db) => (compiledFor.get(db) ?? compile(db)).query.sql,
    /** Where `value` is bound among the compiled query's parameters. */
    parameterOn: (db: Db, value: keyof V & string) => {
      const index = (compiledFor.get(db) ?? compile(db)).slots.indexOf(value);
      if (index === -1) throw new Error(`prepared query: ${value} is not bound`);
      return index;
    },
  });
}
