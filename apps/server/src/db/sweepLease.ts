import { sql } from 'kysely';
import type { Db } from './index.ts';

/**
 * Takes the lease on a periodic job for `leaseMs`, if nobody holds it: true for the one instance (of any
 * number sharing the database) whose claim lands first. One statement, so two claims cannot both win.
 */
export async function claimLease(db: Db, job: string, now: number, leaseMs: number): Promise<boolean> {
  const key = `lease:${job}`;
  const until = String(now + leaseMs);
  const claimed = await sql<{ key: string }>`
    insert into app_settings (key, value) values (${key}, ${until})
    on conflict (key) do update set value = excluded.value
      where cast(app_settings.value as bigint) <= ${now}
    returning key`.execute(db);
  return claimed.rows.length === 1;
}
