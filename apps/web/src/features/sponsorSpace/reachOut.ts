import type { SharedItemContent } from '@sam/core';
import { queryClient } from '../../app/serverState.tsx';
import type { DataCipher } from '../../crypto/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { canShare, openSpace, sealComment, sealItem } from './spaceSession.ts';
import { spaceListKey, spaceViewKey } from './spaceView.ts';
import { fetchIdentityKey } from './useIdentityKey.ts';
import { useSpaceList } from './useSpaceView.ts';

/** The words every reach-out starts with; the person may add a line of their own. */
export const REACH_OUT_TEXT = 'I’m in my middle circle today and reaching out.';

/** What the 'reach-out' item itself holds: a title and a line; the reach-outs are the comments of its thread. */
export const REACH_OUT_ITEM: SharedItemContent = {
  title: 'Reaching out',
  blocks: [{ heading: 'When I reach out', text: 'My notes from a middle-circle day are below.' }],
};

export const reachOutText = (line: string): string =>
  line.trim() ? `${REACH_OUT_TEXT}\n\n${line.trim()}` : REACH_OUT_TEXT;

/**
 * The space cannot take a note yet: the sponsor has not signed in since the relationship began, or the
 * safety code is still to be compared (or compared again after a key changed).
 */
export class SpaceNotReadyError extends Error {}

/**
 * "Let <sponsor> know": a short note under the space key in the space's 'reach-out' thread, which opens
 * the first time. The server tells the sponsor there is a new note, without its words.
 */
export async function reachOutToSponsor(
  cipher: DataCipher,
  userId: string,
  relationshipId: string,
  line: string,
): Promise<void> {
  const identity = await fetchIdentityKey(userId, cipher);
  const opened = await openSpace(
    identity,
    cipher,
    await sponsorSpaceApi.get(relationshipId),
    sponsorSpaceApi,
  );
  const generation = opened.reply.generation;
  if (!opened.key || generation === null || !canShare(opened)) throw new SpaceNotReadyError();
  if (!opened.reply.items.some((i) => i.itemKey === 'reach-out')) {
    const item = await sealItem(opened.key, 'reach-out', REACH_OUT_ITEM);
    await sponsorSpaceApi.putItem(relationshipId, 'reach-out', generation, item);
  }
  const note = await sealComment(opened.key, 'reach-out', reachOutText(line));
  await sponsorSpaceApi.comment(relationshipId, 'reach-out', generation, note);
  void queryClient.invalidateQueries({ queryKey: spaceViewKey(userId, relationshipId) });
  void queryClient.invalidateQueries({ queryKey: spaceListKey(userId) });
}

/** The person's sponsors in SAM (their active relationships as a sponsee), each with a space. */
export function useMySponsors() {
  const spaces = useSpaceList();
  return { ...spaces, data: spaces.data?.filter((s) => s.role === 'sponsee') };
}
