import { Migrator, NO_MIGRATIONS } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/index.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { freshDatabase } from './freshDatabase.ts';

/** Every migration can be undone and done again, on the engine the suite runs on. */
let handle: DatabaseHandle;
let drop: () => Promise<void>;
afterEach(async () => {
  await handle.close();
  await drop();
});

const tables = async () =>
  (await handle.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();

describe('migrations', () => {
  it('go all the way up, all the way down to nothing, and up again to the same tables', async () => {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-roundtrip');
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const latest = await tables();
    expect(latest).toContain('users');

    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(
      down.error,
      `${down.results?.find((r) => r.status === 'Error')?.migrationName}: ${down.error}`,
    ).toBeUndefined();
    expect(down.results?.every((result) => result.status === 'Success')).toBe(true);
    expect(await tables()).toEqual([]);

    const again = await migrator.migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(await tables()).toEqual(latest);
  });
});
