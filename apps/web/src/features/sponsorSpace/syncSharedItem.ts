import type { SharedItemContent, SpaceItemKey } from '@sam/core';
import { queryClient } from '../../app/serverState.tsx';
import type { DataCipher } from '../../crypto/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { loadItemContent } from './itemContent.ts';
import { setSharedCopyNote } from './sharedCopyNote.ts';
import { canShare, openSpace, sealItem } from './spaceSession.ts';
import { spaceListKey, spaceViewKey } from './spaceView.ts';
import { fetchIdentityKey } from './useIdentityKey.ts';

export const SHARED_COPY_NOT_UPDATED =
  'Your writing is saved. Your sponsor’s copy could not be updated just now; it will be with your next save.';
export const SHARED_COPY_PAUSED =
  'Your writing is saved. Sharing with your sponsor is paused until you compare your safety code again (Profile › Sponsorship), so their copy was not updated.';

/** A space whose sharing waits for the safety code to be compared: nothing was sealed into it. */
class SharingPaused extends Error {}

/**
 * For each item of the person's active spaces that `includes` names: seals `contentOf(itemKey)` under the
 * space key and replaces the sponsor's copy. An item shared in two spaces is built once. A space whose
 * sharing is paused (decision 43) gets nothing, and the others are still updated; then SharingPaused.
 */
async function resealSharedItems(
  cipher: DataCipher,
  userId: string,
  includes: (itemKey: SpaceItemKey) => boolean,
  contentOf: (itemKey: SpaceItemKey) => Promise<SharedItemContent>,
): Promise<void> {
  const spaces = (await sponsorSpaceApi.list()).filter((s) => s.role === 'sponsee' && s.itemCount > 0);
  if (spaces.length === 0) return;
  const identity = await fetchIdentityKey(userId, cipher);
  const contents = new Map<SpaceItemKey, Promise<SharedItemContent>>();
  const contentFor = (itemKey: SpaceItemKey) => {
    const known = contents.get(itemKey);
    if (known) return known;
    const content = contentOf(itemKey);
    contents.set(itemKey, content);
    return content;
  };
  let paused = false;
  for (const space of spaces) {
    const reply = await sponsorSpaceApi.get(space.relationshipId);
    const itemKeys = reply.items.map((item) => item.itemKey).filter(includes);
    if (reply.status !== 'active' || itemKeys.length === 0) continue;
    const opened = await openSpace(identity, cipher, reply, sponsorSpaceApi);
    const generation = opened.reply.generation;
    if (!opened.key || generation === null || !canShare(opened)) {
      paused = true;
      continue;
    }
    for (const itemKey of itemKeys) {
      const ciphertext = await sealItem(opened.key, itemKey, await contentFor(itemKey));
      await sponsorSpaceApi.putItem(space.relationshipId, itemKey, generation, ciphertext);
    }
    void queryClient.invalidateQueries({ queryKey: spaceViewKey(userId, space.relationshipId) });
  }
  void queryClient.invalidateQueries({ queryKey: spaceListKey(userId) });
  if (paused) throw new SharingPaused();
}

/**
 * After the person saved a step or an inventory: when that item is shared in an active space of theirs,
 * seals the new content under the space key and replaces the sponsor's copy.
 */
function syncSharedItem(
  cipher: DataCipher,
  userId: string,
  itemKey: SpaceItemKey,
  content: SharedItemContent,
): Promise<void> {
  return resealSharedItems(
    cipher,
    userId,
    (key) => key === itemKey,
    async () => content,
  );
}

/**
 * Builds shared items' copies again from what is saved now: all of them after a restore or Clear Progress
 * replaced the person's data, so a sponsor never keeps writing the person no longer has; only `only` after a
 * change that is not a save of its content (a step's dates).
 */
export function refreshSharedItems(cipher: DataCipher, userId: string, only?: SpaceItemKey): Promise<void> {
  return resealSharedItems(
    cipher,
    userId,
    (itemKey) => only === undefined || itemKey === only,
    (itemKey) => loadItemContent(cipher, itemKey),
  );
}

/** Updates the sponsor's copy without holding up what the person did: a failure leaves a small note. */
function updateOrNote(update: Promise<void>): Promise<void> {
  return update.then(
    () => setSharedCopyNote(null),
    (error: unknown) => {
      if (error instanceof SharingPaused) return setSharedCopyNote(SHARED_COPY_PAUSED);
      console.warn('Could not update the sponsor’s copy', error);
      setSharedCopyNote(SHARED_COPY_NOT_UPDATED);
    },
  );
}

/** syncSharedItem without holding up the save: a failure leaves a small note instead. */
export function syncSharedItemAfterSave(
  cipher: DataCipher,
  userId: string,
  itemKey: SpaceItemKey,
  content: SharedItemContent,
): Promise<void> {
  return updateOrNote(syncSharedItem(cipher, userId, itemKey, content));
}

/** After a step's dates changed: its sponsor's copy (which shows them) is built again, without holding up. */
export function refreshSharedItemAfterChange(cipher: DataCipher, userId: string, itemKey: SpaceItemKey) {
  return updateOrNote(refreshSharedItems(cipher, userId, itemKey));
}
