import {
  readSharedItemContent,
  type SharedItemContent,
  type SpaceItem,
  type SpaceItemKey,
  type SpaceReply,
} from '@sam/core';
import { queryOptions } from '../../app/serverState.tsx';
import type { DataCipher, IdentityKey } from '../../crypto/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { type OpenedSpace, openCommentContent, openItem, openSpace } from './spaceSession.ts';

export type ViewComment = {
  id: string;
  itemKey: SpaceItemKey;
  author: 'sponsor' | 'sponsee';
  /** Null when it cannot be read. */
  text: string | null;
  /** The part of the item the note is about (an item of the circles), if it names one. */
  about: string | null;
  createdAt: string;
};

export type ViewItem = SpaceItem & {
  content: { ok: true; content: SharedItemContent } | { ok: false; message: string };
};

/**
 * A space as one member's page shows it: the opened space (its key, how far the partner's key is trusted,
 * the safety code, what may be shared) and every item and comment decrypted.
 */
export type SpaceView = OpenedSpace & {
  items: ViewItem[];
  comments: ViewComment[];
};

const UNREADABLE_ITEM = 'This item could not be opened in this browser. Reloading may help.';

/**
 * Loads and opens one space (sealing it, or after the end rotating its key, when this browser's turn). `read`
 * reads the space as the server keeps it (the page takes the read made ahead of it).
 */
export async function loadSpaceView(
  relationshipId: string,
  identity: IdentityKey,
  cipher: DataCipher,
  read: () => Promise<SpaceReply> = () => sponsorSpaceApi.get(relationshipId),
): Promise<SpaceView> {
  const opened = await openSpace(identity, cipher, await read(), sponsorSpaceApi);
  const { reply, key } = opened;
  const items = await Promise.all(
    reply.items.map(async (item): Promise<ViewItem> => {
      if (!key) return { ...item, content: { ok: false, message: UNREADABLE_ITEM } };
      try {
        return {
          ...item,
          content: readSharedItemContent(await openItem(key, item.itemKey, item.ciphertext)),
        };
      } catch {
        return { ...item, content: { ok: false, message: UNREADABLE_ITEM } };
      }
    }),
  );
  const comments = await Promise.all(
    reply.comments.map(async (c): Promise<ViewComment> => {
      const content = key ? await openCommentContent(key, c.itemKey, c.ciphertext) : null;
      return {
        id: c.id,
        itemKey: c.itemKey,
        author: c.author,
        createdAt: c.createdAt,
        text: content?.text ?? null,
        about: content?.about ?? null,
      };
    }),
  );
  return { ...opened, items, comments };
}

export const spaceViewKey = (userId: string | null, relationshipId: string) =>
  ['sponsor-space', userId, relationshipId] as const;
export const spaceListKey = (userId: string | null) => ['sponsor-space', userId, 'list'] as const;

/** The read of one space as the server keeps it, made ahead of its page and taken once by useSpaceView. */
export const spaceReplyQuery = (userId: string | null, relationshipId: string) =>
  queryOptions({
    queryKey: ['sponsor-space-reply', userId, relationshipId],
    queryFn: () => sponsorSpaceApi.get(relationshipId),
  });
