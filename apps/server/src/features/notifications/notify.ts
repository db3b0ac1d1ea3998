import { randomUUID } from 'node:crypto';
import {
  MAX_NOTIFICATIONS,
  NOTICE_MAIL,
  NOTICE_MAIL_INTERVAL_MS,
  type NotificationKind,
  type SpaceItemKey,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import { enqueueMail } from '../../db/mailOutbox.ts';
import {
  claimNoticeMail,
  insertNotification,
  refreshUnreadNote,
  trimNotifications,
} from '../../db/notifications.ts';
import { findUserById } from '../../db/users.ts';

export type Note = {
  userId: string;
  kind: NotificationKind;
  otherName: string;
  relationshipId?: string | null;
  itemKey?: SpaceItemKey | null;
};

/**
 * Leaves a note for a person, in the caller's transaction, and queues the neutral e-mail when they want it
 * and had none in the last hour. The caller kicks the outbox after its transaction.
 */
export async function notify(db: Db, note: Note, now: number): Promise<void> {
  const row = {
    id: randomUUID(),
    user_id: note.userId,
    kind: note.kind,
    other_name: note.otherName,
    relationship_id: note.relationshipId ?? null,
    item_key: note.itemKey ?? null,
    created_at: now,
    read_at: null,
  };
  if (note.kind === 'shared-updated' && (await refreshUnreadNote(db, row))) return;
  await insertNotification(db, row);
  await trimNotifications(db, note.userId, MAX_NOTIFICATIONS);
  if (!(await claimNoticeMail(db, note.userId, now, now - NOTICE_MAIL_INTERVAL_MS))) return;
  const user = await findUserById(db, note.userId);
  if (!user) return;
  await enqueueMail(
    db,
    { kind: 'message', recipient: user.email, subject: NOTICE_MAIL.subject, body: NOTICE_MAIL.text },
    now,
  );
}
