import type { Db } from './index.ts';
import type { Database } from './schema.ts';

export type NotificationRow = Database['notifications'];

export async function insertNotification(db: Db, row: NotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/**
 * Moves an unread note of the same kind about the same item to `now` instead of adding another (a shared
 * item saved many times while the sponsor was away is one note); false when there is none.
 */
export async function refreshUnreadNote(
  db: Db,
  row: Pick<NotificationRow, 'user_id' | 'kind' | 'relationship_id' | 'item_key' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ created_at: row.created_at })
    .where('user_id', '=', row.user_id)
    .where('kind', '=', row.kind)
    .where('relationship_id', '=', row.relationship_id ?? '')
    .where('item_key', '=', row.item_key ?? '')
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps a person's newest `keep` notes and deletes the older ones. */
export async function trimNotifications(db: Db, userId: string, keep: number): Promise<void> {
  const newest = db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  await db.deleteFrom('notifications').where('user_id', '=', userId).where('id', 'not in', newest).execute();
}

export function listNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function markNotificationsRead(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * Claims the person's e-mail about new notes: true (and the time recorded) only when they want such mail
 * and none was queued since `since`, so two notes at once send one mail, on every instance.
 */
export async function claimNoticeMail(db: Db, userId: string, now: number, since: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ notice_mailed_at: now })
    .where('id', '=', userId)
    .where('email_notes', '=', 1)
    .where((eb) => eb.or([eb('notice_mailed_at', 'is', null), eb('notice_mailed_at', '<=', since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setEmailNotes(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_notes: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}
