import type { SpaceItemKey } from '@sam/core';
import { useCallback } from 'react';
import { takeReadAhead, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { loadItemContent } from './itemContent.ts';
import { canShare, sealComment, sealItem, verificationRecord } from './spaceSession.ts';
import { loadSpaceView, spaceListKey, spaceReplyQuery, spaceViewKey } from './spaceView.ts';
import { useIdentityKey } from './useIdentityKey.ts';

/** The spaces this person belongs to, as sponsor or sponsee. */
export function useSpaceList() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useServerQuery({
    queryKey: spaceListKey(userId),
    queryFn: sponsorSpaceApi.list,
    enabled: userId !== null,
    refetchOnWindowFocus: true,
  });
}

/** One space, opened in this browser, and what its member can do in it. */
export function useSpaceView(relationshipId: string) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const identity = useIdentityKey();
  const queryClient = useServerQueryClient();
  const key = spaceViewKey(userId, relationshipId);
  const view = useServerQuery({
    queryKey: key,
    queryFn: () => {
      if (!identity.data || !cipher) throw new Error('The identity key is not open');
      return loadSpaceView(relationshipId, identity.data, cipher, () =>
        takeReadAhead(spaceReplyQuery(userId, relationshipId)),
      );
    },
    enabled: identity.data !== undefined && cipher !== null,
    refetchOnWindowFocus: true,
  });

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: spaceListKey(userId) });
  }, [queryClient, key, userId]);

  /** The space, when this browser may share and write in it (decision 43). */
  const opened = () => {
    const current = view.data;
    if (!current?.key || current.reply.generation === null || !canShare(current)) {
      throw new Error('The space is not open for sharing');
    }
    return { key: current.key, generation: current.reply.generation, reply: current.reply };
  };

  const actions = {
    share: async (itemKey: SpaceItemKey) => {
      if (!cipher) throw new Error('The data key is not open');
      const { key: spaceKey, generation } = opened();
      const content = await loadItemContent(cipher, itemKey);
      await sponsorSpaceApi.putItem(
        relationshipId,
        itemKey,
        generation,
        await sealItem(spaceKey, itemKey, content),
      );
      await refresh();
    },
    stopSharing: async (itemKey: SpaceItemKey) => {
      await sponsorSpaceApi.stopSharing(relationshipId, itemKey);
      await refresh();
    },
    comment: async (itemKey: SpaceItemKey, text: string, about?: string | null) => {
      const { key: spaceKey, generation } = opened();
      await sponsorSpaceApi.comment(
        relationshipId,
        itemKey,
        generation,
        await sealComment(spaceKey, itemKey, text, about),
      );
      await refresh();
    },
    review: async (itemKey: SpaceItemKey) => {
      await sponsorSpaceApi.review(relationshipId, itemKey);
      await refresh();
    },
    markRead: async (itemKey: SpaceItemKey) => {
      await sponsorSpaceApi.markRead(relationshipId, itemKey);
      await queryClient.invalidateQueries({ queryKey: spaceListKey(userId) });
    },
    /**
     * Accepts the partner's current key: compared in person, or (`compared` false) taken on without
     * comparing. The page opens again; the sponsee's browser then seals the space to that key.
     */
    verify: async (compared: boolean) => {
      const reply = view.data?.reply;
      if (!cipher || !reply?.partner.publicKey) throw new Error('There is no key to accept yet');
      await sponsorSpaceApi.verify(relationshipId, await verificationRecord(cipher, reply, compared));
      await refresh();
    },
  };
  return { view, identity, actions };
}
