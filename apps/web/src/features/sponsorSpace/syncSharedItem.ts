import type { SharedItemContent, SpaceItemKey } from '@sam/core';
import { queryClient } from '../../app/serverState.tsx';
import type { DataCipher } from '../../crypto/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { setSharedCopyNote } from './sharedCopyNote.ts';
import { openSpace, sealItem } from './spaceSession.ts';
import { spaceListKey, spaceViewKey } from './spaceView.ts';
import { fetchIdentityKey } from './useIdentityKey.ts';

export const SHARED_COPY_NOT_UPDATED =
  'Your writing is saved. Your sponsor’s copy could not be updated just now; it will be with your next save.';

/**
 * After the person saved a step or an inventory: when that item is shared in an active space of theirs,
 * seals the new content under the space key and replaces the sponsor's copy.
 */
export async function syncSharedItem(
  cipher: DataCipher,
  userId: string,
  itemKey: SpaceItemKey,
  content: SharedItemContent,
): Promise<void> {
  const spaces = (await sponsorSpaceApi.list()).filter((s) => s.role === 'sponsee' && s.itemCount > 0);
  if (spaces.length === 0) return;
  const identity = await fetchIdentityKey(userId, cipher);
  for (const space of spaces) {
    const reply = await sponsorSpaceApi.get(space.relationshipId);
    if (reply.status !== 'active' || !reply.items.some((i) => i.itemKey === itemKey)) continue;
    const opened = await openSpace(identity, reply, sponsorSpaceApi);
    if (!opened.key || opened.reply.generation === null) continue;
    const ciphertext = await sealItem(opened.key, itemKey, content);
    await sponsorSpaceApi.putItem(space.relationshipId, itemKey, opened.reply.generation, ciphertext);
    void queryClient.invalidateQueries({ queryKey: spaceViewKey(userId, space.relationshipId) });
  }
  void queryClient.invalidateQueries({ queryKey: spaceListKey(userId) });
}

/** syncSharedItem without holding up the save: a failure leaves a small note instead. */
export function syncSharedItemAfterSave(
  cipher: DataCipher,
  userId: string,
  itemKey: SpaceItemKey,
  content: SharedItemContent,
): Promise<void> {
  return syncSharedItem(cipher, userId, itemKey, content).then(
    () => setSharedCopyNote(null),
    (error: unknown) => {
      console.warn('Could not update the sponsor’s copy', error);
      setSharedCopyNote(SHARED_COPY_NOT_UPDATED);
    },
  );
}
