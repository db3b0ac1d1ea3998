import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../apps/server/src/db/index.ts';

const DAY = 86_400_000;
const BATCH = 500;

/** A deterministic pseudo-random source, so every run seeds the same shape of data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertInBatches<T>(db: Db, table: 'users' | 'step_progress' | 'inventories', rows: T[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/**
 * `users` accounts, each with 12 SAA step rows and 3 current inventories (the 100,000 users,
 * 1,200,000 step rows and 300,000 inventories at full size). Steps are started and completed in order.
 */
export async function seed(db: Db, users: number, now = Date.now()): Promise<void> {
  const next = random(users);
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VlZA$c2VlZHNlZWRzZWVkc2VlZHNlZWRzZWVkc2VlZA';
  for (let start = 0; start < users; start += 2_000) {
    const chunk = Math.min(2_000, users - start);
    const userRows: Insertable<Database['users']>[] = [];
    const stepRows: Insertable<Database['step_progress']>[] = [];
    const inventoryRows: Insertable<Database['inventories']>[] = [];
    for (let i = 0; i < chunk; i++) {
      const id = randomUUID();
      const created = now - Math.floor(next() * 365) * DAY;
      userRows.push({
        id,
        email: `user${start + i}@bench.example`,
        name: `User ${start + i}`,
        role: 'user' as const,
        password_hash: hash,
        kdf_salt: 'c2VlZC1zYWx0LTE2LWJ5dGVz',
        kdf_iterations: 600_000,
        email_verified: 1,
        status: 'active' as const,
        created_at: created,
        updated_at: created,
        last_login_at: created + Math.floor(next() * 60) * DAY,
        deactivated_at: null,
        deactivation_reason: null,
      });
      const reached = Math.floor(next() * 13);
      for (let step = 1; step <= 12; step++) {
        const started = step <= reached ? created + step * DAY : null;
        const completed = step < reached;
        stepRows.push({
          user_id: id,
          program: 'SAA',
          track: '12-steps',
          step_number: step,
          step_title: `Step ${step}`,
          completed: completed ? 1 : 0,
          actions: '[]',
          encrypted_data: started ? 'AAAA' : null,
          encrypted: started ? 1 : 0,
          started_at: started,
          completed_at: completed && started ? started + Math.ceil(next() * 20) * DAY : null,
          updated_at: now,
        });
      }
      for (const type of ['resentments', 'fears', 'harms'] as const) {
        const entries = reached >= 4 ? Math.floor(next() * 40) : 0;
        inventoryRows.push({
          user_id: id,
          inventory_type: type,
          version: `${type}-current`,
          items: '[]',
          encrypted_data: entries ? 'AAAA' : null,
          encrypted: entries ? 1 : 0,
          entry_count: entries,
          completed: entries && next() < 0.4 ? 1 : 0,
          updated_at: now,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertInBatches(trx, 'users', userRows);
      await insertInBatches(trx, 'step_progress', stepRows);
      await insertInBatches(trx, 'inventories', inventoryRows);
    });
  }
}
