import { useCallback } from 'react';
import { ApiError } from '../../app/http.ts';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import type { EarlierSecret } from '../../crypto/index.ts';
import { useDataCipher, useSession } from '../auth/index.ts';
import { earlierKeysApi, keptAsideApi, keptAsideToolsApi } from './api.ts';
import { earlierWritingApis } from './earlierWritingApis.ts';
import { keepAsideBody, type Slot } from './places.ts';
import { scanEarlierWriting } from './scanEarlierWriting.ts';
import { unlockEarlierWriting } from './unlockEarlierWriting.ts';

const recoveryKey = (userId: string | null) => ['recovery', userId] as const;

/**
 * After writing moved (unlocked, kept aside, put back): the step pages, the inventories and this feature
 * read it again, so what the person sees changes without a reload.
 */
export function useRefreshWriting() {
  const queryClient = useServerQueryClient();
  const userId = useSession().user?.id ?? null;
  return useCallback(
    () =>
      Promise.all(
        [['progress'], ['inventory', userId], ['inventory-entries', userId], recoveryKey(userId)].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient, userId],
  );
}

/** The account's inactive key records: none means unreadable writing is damaged, not locked. */
export function useEarlierKeys() {
  const userId = useSession().user?.id ?? null;
  return useServerQuery({
    queryKey: [...recoveryKey(userId), 'earlier-keys'],
    queryFn: () => earlierKeysApi.list(userId as string),
    enabled: userId !== null,
  });
}

/** What the active key cannot open, and the kept-aside writing with what it can. */
export function useEarlierWritingScan() {
  const userId = useSession().user?.id ?? null;
  const { cipher } = useDataCipher();
  return useServerQuery({
    queryKey: [...recoveryKey(userId), 'scan'],
    enabled: userId !== null && cipher !== null,
    refetchOnMount: 'always',
    queryFn: () => {
      if (!cipher || !userId) throw new Error('Your writing is not unlocked in this browser.');
      return scanEarlierWriting(cipher, earlierWritingApis(userId));
    },
  });
}

/** Call useRefreshWriting's refresh once the person has been told: the panel that asked may then go away. */
export function useUnlockEarlierWriting() {
  const user = useSession().user;
  const userId = user?.id ?? null;
  const v1Binding = user?.v1Binding ?? null;
  const { cipher } = useDataCipher();
  return useServerMutation({
    mutationFn: (secret: EarlierSecret) => {
      if (!cipher || !userId) throw new Error('Your writing is not unlocked in this browser.');
      const apis = earlierWritingApis(userId);
      return unlockEarlierWriting({
        crypto: globalThis.crypto,
        accountId: userId,
        v1Binding,
        active: cipher,
        secret,
        apis,
      });
    },
  });
}

/** "Start this item over": the current writing is kept aside and the step or inventory starts empty. */
export function useStartOver(slot: Slot) {
  const refresh = useRefreshWriting();
  return useServerMutation({
    mutationFn: async () => {
      try {
        await keptAsideApi.keepAside(keepAsideBody(slot));
      } catch (error) {
        // Already empty (started over in another tab): the page only needs to catch up.
        if (!(error instanceof ApiError && error.code === 'nothing_to_keep')) throw error;
      }
    },
    onSuccess: refresh,
  });
}

export function usePutBack() {
  const refresh = useRefreshWriting();
  return useServerMutation({ mutationFn: (id: string) => keptAsideApi.putBack(id), onSuccess: refresh });
}

export function useDeleteKeptAside() {
  const refresh = useRefreshWriting();
  return useServerMutation({ mutationFn: (id: string) => keptAsideApi.remove(id), onSuccess: refresh });
}

/** The circles, abstinence dates and check-ins a clear or a restore kept aside. */
export function useKeptAsideTools() {
  const userId = useSession().user?.id ?? null;
  return useServerQuery({
    queryKey: [...recoveryKey(userId), 'tools'],
    queryFn: keptAsideToolsApi.list,
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

/** Putting back or deleting a copy changes the circles, abstinence dates and check-ins: all is read again. */
function useToolsMutation(act: (id: string) => Promise<unknown>) {
  const queryClient = useServerQueryClient();
  return useServerMutation({ mutationFn: act, onSuccess: () => queryClient.invalidateQueries() });
}

export const usePutBackTools = () => useToolsMutation(keptAsideToolsApi.putBack);
export const useDeleteKeptAsideTools = () => useToolsMutation(keptAsideToolsApi.remove);
