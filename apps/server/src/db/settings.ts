import { randomBytes } from 'node:crypto';
import type { Db } from './index.ts';

/** The server secret (HMAC of codes, prelogin decoy salts), made once and shared by every instance. */
export async function ensureServerSecret(db: Db, fromConfig: string | undefined): Promise<string> {
  if (fromConfig) return fromConfig;
  const candidate = randomBytes(32).toString('base64');
  await db
    .insertInto('app_settings')
    .values({ key: 'server_secret', value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'server_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
