import type { NotificationListReply, NotificationSettings, SpaceItemKey } from '@sam/core';
import { listNotifications, markNotificationsRead, setEmailNotes } from '../../db/notifications.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function createNotificationService(deps: AppDeps) {
  return {
    async list(user: UserRow): Promise<NotificationListReply> {
      const rows = await listNotifications(deps.db, user.id, 50);
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          otherName: row.other_name,
          relationshipId: row.relationship_id,
          itemKey: row.item_key as SpaceItemKey | null,
          createdAt: iso(row.created_at),
          read: row.read_at !== null,
        })),
        unreadCount: rows.filter((row) => row.read_at === null).length,
      };
    },

    async markRead(user: UserRow): Promise<NotificationListReply> {
      await markNotificationsRead(deps.db, user.id, deps.now());
      return this.list(user);
    },

    settings(user: UserRow): NotificationSettings {
      return { byEmail: user.email_notes === 1 };
    },

    async updateSettings(user: UserRow, settings: NotificationSettings): Promise<NotificationSettings> {
      await setEmailNotes(deps.db, user.id, settings.byEmail);
      return settings;
    },
  };
}
