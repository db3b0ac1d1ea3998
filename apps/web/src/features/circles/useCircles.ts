import {
  type CirclesVersionContent,
  circlesVersionPlace,
  nextCirclesVersion,
  type SaveCirclesReply,
  type StoredCirclesVersion,
  sharedCirclesContent,
} from '@sam/core';
import { useCallback } from 'react';
import { queryOptions, takeReadAhead, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { circlesApi } from './api.ts';
import { loadCircles } from './loadCircles.ts';

const circlesKey = (userId: string | null) => ['circles', userId] as const;

/** The read of a person's circles as ciphertext, made ahead of the page and taken once by useCircles. */
export const circleRecordsQuery = (userId: string | null) =>
  queryOptions({ queryKey: ['circles-records', userId], queryFn: circlesApi.list });

export type CirclesState =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'locked' }
  | { status: 'load-error'; retry: () => void }
  | { status: 'ready'; versions: StoredCirclesVersion[]; reload: () => Promise<unknown> };

/** The signed-in person's circles, every version, once the data key is in this browser. */
export function useCircles(): CirclesState {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { status: keyStatus, cipher } = useDataCipher();
  const query = useServerQuery({
    queryKey: circlesKey(userId),
    queryFn: () => {
      if (!cipher) throw new Error('The data key is not open');
      return loadCircles(cipher, () => takeReadAhead(circleRecordsQuery(userId)));
    },
    enabled: userId !== null && cipher !== null,
    refetchOnWindowFocus: true,
  });
  if (!userId) return { status: 'signed-out' };
  if (keyStatus === 'loading' || keyStatus === 'opening' || (keyStatus === 'ready' && !cipher)) {
    return { status: 'loading' };
  }
  if (keyStatus !== 'ready' || !cipher) return { status: 'locked' };
  if (query.isError && !query.data) return { status: 'load-error', retry: () => void query.refetch() };
  if (!query.data) return { status: 'loading' };
  return { status: 'ready', versions: query.data, reload: () => query.refetch() };
}

/**
 * Saves a new version after `basedOn` (null for the first): encrypts the content for the version it
 * becomes, posts it, and adds it to the list. Then, when the circles are shared, the sponsor's copy
 * follows, without holding up the save.
 */
export function useSaveCircles() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();
  return useCallback(
    async (basedOn: number | null, content: CirclesVersionContent): Promise<SaveCirclesReply> => {
      if (!cipher || !userId) throw new Error('User not logged in. Please log in.');
      const version = nextCirclesVersion(basedOn);
      const ciphertext = await cipher.encrypt(content, circlesVersionPlace(version));
      const saved = await circlesApi.save({ basedOn, ciphertext });
      queryClient.setQueryData<StoredCirclesVersion[]>(circlesKey(userId), (old = []) => [
        ...old.filter((v) => v.version !== saved.version),
        { version: saved.version, createdAt: saved.createdAt, content },
      ]);
      const shared = sharedCirclesContent(content.circles, saved.version);
      void import('../sponsorSpace/index.ts').then((space) =>
        space.syncSharedItemAfterSave(cipher, userId, 'three-circles', shared),
      );
      return saved;
    },
    [cipher, userId, queryClient],
  );
}
