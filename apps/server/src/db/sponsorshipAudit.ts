import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type SponsorshipAuditRow = Database['sponsorship_audit'];

export async function insertSponsorshipAudit(db: Db, row: Omit<SponsorshipAuditRow, 'id'>): Promise<void> {
  await db.insertInto('sponsorship_audit').values(row).execute();
}

export function listSponsorshipAudit(
  db: Db,
  userId: string,
  limit: number,
): Promise<
  { id: number; action: string; details: string; client_timestamp: string | null; created_at: number }[]
> {
  return db
    .selectFrom('sponsorship_audit')
    .select(['id', 'action', 'details', 'client_timestamp', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
