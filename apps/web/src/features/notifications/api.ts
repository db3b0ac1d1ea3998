import {
  type NotificationSettings,
  notificationListReplySchema,
  notificationSettingsSchema,
} from '@sam/core';
import { http } from '../../app/http.ts';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { useSession } from '../auth/index.ts';

const BASE = '/api/notifications';

/** The notes service. The only place that builds its URLs. */
export const notificationsApi = {
  list: () => http.get(BASE, notificationListReplySchema),
  markAllRead: () => http.post(`${BASE}/read`, notificationListReplySchema),
  settings: () => http.get(`${BASE}/settings`, notificationSettingsSchema),
  saveSettings: (settings: NotificationSettings) =>
    http.put(`${BASE}/settings`, notificationSettingsSchema, settings),
};

/** How often the notes are read again while the page is in view. */
export const NOTES_POLL_MS = 60_000;

const notesKey = (userId: string | null) => ['notifications', userId] as const;
const settingsKey = (userId: string | null) => ['notifications', userId, 'settings'] as const;

/**
 * The signed-in person's notes and unread count: read again when the window gets focus and every minute
 * while the page is in view, never while signed out.
 */
export function useNotes() {
  const userId = useSession().user?.id ?? null;
  return useServerQuery({
    queryKey: notesKey(userId),
    queryFn: notificationsApi.list,
    enabled: userId !== null,
    refetchOnWindowFocus: true,
    refetchInterval: NOTES_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Marks every note read; the reply (the list, all read) replaces the cached one. */
export function useMarkNotesRead() {
  const userId = useSession().user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useServerMutation({
    mutationFn: notificationsApi.markAllRead,
    onSuccess: (reply) => queryClient.setQueryData(notesKey(userId), reply),
  });
}

export function useNoteSettings() {
  const userId = useSession().user?.id ?? null;
  return useServerQuery({
    queryKey: settingsKey(userId),
    queryFn: notificationsApi.settings,
    enabled: userId !== null,
  });
}

export function useSaveNoteSettings() {
  const userId = useSession().user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useServerMutation({
    mutationFn: notificationsApi.saveSettings,
    onSuccess: (reply) => queryClient.setQueryData(settingsKey(userId), reply),
  });
}
