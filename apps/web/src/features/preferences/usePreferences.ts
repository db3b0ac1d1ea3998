import type { ProgramId, ProgramPreferences } from '@sam/core';
import { useCallback } from 'react';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { useSession } from '../auth/index.ts';
import { preferencesApi } from './api.ts';

export const preferencesKey = (userId: string | null) => ['preferences', userId] as const;

/** The signed-in user's program preferences; null when none are set. Load failures are logged. */
export function usePreferences() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useServerQuery({
    queryKey: preferencesKey(userId),
    queryFn: async () => {
      try {
        return await preferencesApi.get();
      } catch (error) {
        console.error('Failed to fetch program preferences', error);
        throw error;
      }
    },
    enabled: userId !== null,
  });
}

/** Creates (POST) or updates (PUT) the preferences and puts the server's reply into the cache. */
export function useSavePreferences() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useServerMutation({
    mutationFn: (
      save:
        | { method: 'POST'; body: { selectedPrograms: ProgramId[]; primaryProgram: ProgramId } }
        | { method: 'PUT'; body: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId } },
    ) => (save.method === 'POST' ? preferencesApi.create(save.body) : preferencesApi.update(save.body)),
    onSuccess: (reply) => queryClient.setQueryData<ProgramPreferences | null>(preferencesKey(userId), reply),
  });
}

/** Reads the current preferences (from the cache when fresh), for one-off saves outside a page. */
export function useFetchPreferences() {
  const queryClient = useServerQueryClient();
  return useCallback(
    (userId: string) =>
      queryClient.fetchQuery({ queryKey: preferencesKey(userId), queryFn: () => preferencesApi.get() }),
    [queryClient],
  );
}
