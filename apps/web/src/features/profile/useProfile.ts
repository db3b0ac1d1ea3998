import type { ProfileBody, ProfileReply } from '@sam/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../app/http.ts';
import { useSession } from '../auth/index.ts';
import { profileApi } from './api.ts';

const profileKey = (userId: string | null) => ['profile', userId] as const;
const journeyKey = (userId: string | null) => ['progress', 'journey', userId] as const;

/** The profile, made on first look: an account starts without one (GET answers 404 until POST). */
async function loadOrCreate(): Promise<ProfileReply> {
  try {
    return await profileApi.get();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return profileApi.create();
    throw error;
  }
}

export function useProfile() {
  const { user } = useSession();
  const userId = user?.sub ?? null;
  return useQuery({ queryKey: profileKey(userId), queryFn: loadOrCreate, enabled: userId !== null });
}

/** Saves the changed fields and keeps the server's answer as the profile. */
export function useUpdateProfile() {
  const { user } = useSession();
  const userId = user?.sub ?? null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => profileApi.update(body),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(userId), profile),
  });
}

/** 'Show completion dates and timelines' is the inverse of date_display_opted_out. */
export function useDateDisplay() {
  const { user } = useSession();
  const userId = user?.sub ?? null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (showDates: boolean) => {
      await profileApi.setDateTracking(!showDates);
      return !showDates;
    },
    onSuccess: (optedOut) => {
      queryClient.setQueryData<ProfileReply>(profileKey(userId), (old) =>
        old ? { ...old, date_display_opted_out: optedOut } : old,
      );
      void queryClient.invalidateQueries({ queryKey: journeyKey(userId) });
    },
  });
}
