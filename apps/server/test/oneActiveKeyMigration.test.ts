import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/index.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { freshDatabase } from './freshDatabase.ts';
import { testUserRow } from './helpers.ts';

/** Migration 018 on a database that already holds keys, as a race could have left them. */
let handle: DatabaseHandle;
let drop: () => Promise<void>;
afterEach(async () => {
  await handle.close();
  await drop();
});

describe('018: one active key per account', () => {
  it('keeps the newest of two active keys active, the other inactive, and then refuses a second', async () => {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-migration');
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
    const before = await migrator.migrateTo('017_profile_details');
    expect(before.error).toBeUndefined();

    const now = Date.now();
    await handle.db.insertInto('users').values(testUserRow('u1', 'raced@example.com')).execute();
    const key = (id: string, version: number) => ({
      id,
      user_id: 'u1',
      key_version: version,
      encrypted_key: `wrapped-${id}`,
      recovery_encrypted_key: `recovery-${id}`,
      kdf_salt: 'c2FsdHNhbHRzYWx0c2FsdA==',
      kdf_iterations: 600_000,
      active: 1,
      created_at: new Date(now).toISOString(),
      last_used: new Date(now).toISOString(),
    });
    await handle.db
      .insertInto('user_keys')
      .values([key('k1', 1), key('k2', 2)])
      .execute();

    await migrateToLatest(handle);
    const rows = await handle.db
      .selectFrom('user_keys')
      .select(['id', 'active'])
      .orderBy('key_version')
      .execute();
    expect(rows).toEqual([
      { id: 'k1', active: 0 },
      { id: 'k2', active: 1 },
    ]);
    await expect(handle.db.insertInto('user_keys').values(key('k3', 3)).execute()).rejects.toThrow();
  });
});
