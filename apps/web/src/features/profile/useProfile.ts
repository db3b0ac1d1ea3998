import { PROFILE_UI_MESSAGES, type ProfileDetails, type ProfileReply } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import type { DataCipher } from '../../crypto/index.ts';
import { useDataCipher, useSession } from '../auth/index.ts';
import { profileApi } from './api.ts';
import { encryptDetails, openDetails, type ProfileView } from './profileDetails.ts';

const profileKey = (userId: string | null) => ['profile', userId] as const;
const journeyKey = (userId: string | null) => ['progress', 'journey', userId] as const;

let loading: Promise<ProfileReply> | null = null;

/**
 * The profile, made on first look: an account starts without one (GET answers null until POST). One look
 * at a time: the page asks again once the key opens, and two looks at once would both create (one 409).
 */
function loadOrCreate(): Promise<ProfileReply> {
  loading ??= (async () => (await profileApi.get()) ?? profileApi.create())().finally(() => {
    loading = null;
  });
  return loading;
}

/**
 * Details saved before they were encrypted are encrypted here and sent, which empties the readable copy on
 * the server; if that fails they are shown as they are and moved on a later visit.
 */
async function encryptReadableDetails(cipher: DataCipher, reply: ProfileReply): Promise<ProfileReply> {
  if (!reply.readable_details || reply.details !== null) return reply;
  try {
    return await profileApi.update({ details: await encryptDetails(cipher, reply.readable_details) });
  } catch {
    return reply;
  }
}

/** The profile with its bio, location and phone opened when the data key is in this browser. */
export function useProfile() {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const userId = user?.id ?? null;
  return useServerQuery({
    queryKey: [...profileKey(userId), cipher !== null],
    enabled: userId !== null,
    queryFn: async (): Promise<ProfileView> => {
      const loaded = await loadOrCreate();
      const reply = cipher ? await encryptReadableDetails(cipher, loaded) : loaded;
      return { ...reply, opened: await openDetails(cipher, reply) };
    },
  });
}

export type ProfileChanges = { display_name?: string; details?: ProfileDetails };

/** Saves the changed name and the details (encrypted here, all three together) and shows what was saved. */
export function useUpdateProfile() {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const userId = user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useServerMutation({
    mutationFn: async ({ display_name, details }: ProfileChanges): Promise<ProfileView> => {
      if (details && !cipher) throw new ApiError(0, PROFILE_UI_MESSAGES.detailsLocked);
      const reply = await profileApi.update({
        display_name,
        details: details && cipher ? await encryptDetails(cipher, details) : undefined,
      });
      return { ...reply, opened: await openDetails(cipher, reply) };
    },
    onSuccess: (profile) => queryClient.setQueryData([...profileKey(userId), cipher !== null], profile),
  });
}

/** 'Show completion dates and timelines' is the inverse of date_display_opted_out. */
export function useDateDisplay() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useServerMutation({
    mutationFn: async (showDates: boolean) => {
      await profileApi.setDateTracking(!showDates);
      return !showDates;
    },
    onSuccess: (optedOut) => {
      queryClient.setQueriesData<ProfileView>({ queryKey: profileKey(userId) }, (old) =>
        old ? { ...old, date_display_opted_out: optedOut } : old,
      );
      void queryClient.invalidateQueries({ queryKey: journeyKey(userId) });
    },
  });
}
