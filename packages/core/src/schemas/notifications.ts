import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications.ts';
import { SPACE_ITEM_KEYS } from '../sponsorSpace.ts';

export * from '../notifications.ts';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  otherName: z.string(),
  relationshipId: z.string().nullable(),
  itemKey: z.enum(SPACE_ITEM_KEYS).nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListReplySchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationListReply = z.infer<typeof notificationListReplySchema>;

/** Whether notes also come as a neutral e-mail; on unless the person turns it off. */
export const notificationSettingsSchema = z.object({
  byEmail: z.boolean({ error: 'byEmail must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
