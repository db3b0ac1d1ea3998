import {
  type CalendarDay,
  type CheckInContent,
  type CheckInsReply,
  checkInContentSchema,
  checkInPlace,
  type DatedCheckIn,
} from '@sam/core';
import { useCallback, useMemo, useRef } from 'react';
import {
  queryOptions,
  READ_AHEAD_FRESH_MS,
  useServerQuery,
  useServerQueryClient,
} from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { checkInsApi } from './api.ts';

/** Where one day's check-in is bound, so the server cannot move it to another day. */

const listKey = (userId: string | null) => ['check-ins', userId] as const;

/** The read of a user's check-ins, still encrypted: the hooks', and the check-in page's read ahead. */
export const checkInListQuery = (userId: string | null) =>
  queryOptions({ queryKey: listKey(userId), queryFn: checkInsApi.list, staleTime: READ_AHEAD_FRESH_MS });

/** Which days have a check-in, without opening any: enough for "Tonight's check-in: done". */
export function useCheckInDays(enabled = true) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const list = useServerQuery({ ...checkInListQuery(userId), enabled: enabled && userId !== null });
  const days = useMemo(() => new Set(list.data?.checkIns.map((c) => c.day) ?? []), [list.data]);
  return { list, days };
}

export type CheckInsLoad =
  | { status: 'signed-out' }
  /** Signed in, but this browser does not have the data key. */
  | { status: 'locked' }
  | { status: 'loading' }
  | { status: 'error' }
  /** `unreadable`: days whose check-in this browser cannot open; they are shown as such, never replaced. */
  | { status: 'ready'; checkIns: DatedCheckIn[]; unreadable: CalendarDay[] };

type Opened = { ciphertext: string; content: CheckInContent | null };

/** Every check-in, decrypted in this browser (each ciphertext once while the page is open). */
export function useCheckIns(): CheckInsLoad {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { status: keyStatus, cipher } = useDataCipher();
  // The list loads beside the key, but not for a browser that has to unlock first.
  const { list } = useCheckInDays(keyStatus !== 'locked');
  const opened = useRef(new Map<CalendarDay, Opened>());
  const records = list.data?.checkIns;
  const content = useServerQuery({
    queryKey: ['check-ins-opened', userId, list.dataUpdatedAt],
    enabled: cipher !== null && records !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // After a save the list changes: the page keeps showing what it had while the new list is opened.
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<{ checkIns: DatedCheckIn[]; unreadable: CalendarDay[] }> => {
      if (!cipher || !records) return { checkIns: [], unreadable: [] };
      const known = opened.current;
      const all = await Promise.all(
        records.map(async ({ day, ciphertext }) => {
          const before = known.get(day);
          if (before?.ciphertext === ciphertext) return { day, content: before.content };
          let read: CheckInContent | null = null;
          try {
            read = checkInContentSchema.parse(await cipher.decrypt(ciphertext, checkInPlace(day)));
          } catch {
            read = null;
          }
          known.set(day, { ciphertext, content: read });
          return { day, content: read };
        }),
      );
      return {
        checkIns: all.flatMap((c) => (c.content ? [{ day: c.day, content: c.content }] : [])),
        unreadable: all.filter((c) => !c.content).map((c) => c.day),
      };
    },
  });
  if (!userId) return { status: 'signed-out' };
  // A ready key whose cipher is still being made is loading too, not locked.
  if (keyStatus === 'loading' || keyStatus === 'opening' || (keyStatus === 'ready' && !cipher)) {
    return { status: 'loading' };
  }
  if (keyStatus !== 'ready') return { status: 'locked' };
  if (list.isError && !list.data) return { status: 'error' };
  if (!content.data) return { status: content.isError ? 'error' : 'loading' };
  return { status: 'ready', ...content.data };
}

/** Saves one day's check-in (made or replaced), encrypted here, and puts it into the list. */
export function useSaveCheckIn() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();
  return useCallback(
    async (day: CalendarDay, content: CheckInContent): Promise<void> => {
      if (!cipher) throw new Error('The data key is not open');
      const ciphertext = await cipher.encrypt(content, checkInPlace(day));
      const saved = await checkInsApi.save(day, ciphertext);
      queryClient.setQueryData<CheckInsReply>(listKey(userId), (reply) => ({
        checkIns: [
          ...(reply?.checkIns ?? []).filter((c) => c.day !== day),
          { day, ciphertext, updatedAt: saved.updatedAt },
        ].sort((a, b) => a.day.localeCompare(b.day)),
      }));
    },
    [cipher, userId, queryClient],
  );
}

/** Deletes one day's check-in. */
export function useDeleteCheckIn() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useCallback(
    async (day: CalendarDay): Promise<void> => {
      await checkInsApi.remove(day);
      queryClient.setQueryData<CheckInsReply>(listKey(userId), (reply) => ({
        checkIns: (reply?.checkIns ?? []).filter((c) => c.day !== day),
      }));
    },
    [userId, queryClient],
  );
}
