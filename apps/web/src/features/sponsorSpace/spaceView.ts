import type { KeyVerification } from '@sam/core';
import {
  readSharedItemContent,
  type SharedItemContent,
  type SpaceItem,
  type SpaceItemKey,
  type SpaceReply,
} from '@sam/core';
import { queryOptions } from '../../app/serverState.tsx';
import { type DataCipher, type IdentityKey, type SpaceKey, safetyCode } from '../../crypto/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { openCommentContent, openItem, openSpace, partnerVerification } from './spaceSession.ts';

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

/** A space as one member's page shows it: the reply, its key, and every item and comment decrypted. */
export type SpaceView = {
  reply: SpaceReply;
  key: SpaceKey | null;
  items: ViewItem[];
  comments: ViewComment[];
  verification: KeyVerification | null;
  /** The code both members compare (SafetyCode), once both have a public key. */
  safetyCode: string | null;
};

const UNREADABLE_ITEM = 'This item could not be opened in this browser. Reloading may help.';

/**
 * Loads and opens one space (making, or after the end rotating, its key when this browser's turn). `read`
 * reads the space as the server keeps it (the page takes the read made ahead of it).
 */
export async function loadSpaceView(
  relationshipId: string,
  identity: IdentityKey,
  cipher: DataCipher,
  read: () => Promise<SpaceReply> = () => sponsorSpaceApi.get(relationshipId),
): Promise<SpaceView> {
  const opened = await openSpace(identity, await read(), sponsorSpaceApi);
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
  const { me, partner } = reply;
  return {
    reply,
    key,
    items,
    comments,
    verification: await partnerVerification(cipher, reply),
    // Made with the rest, so the page shows it at once rather than pushing the items down after.
    safetyCode:
      me.publicKey && partner.publicKey
        ? await safetyCode(globalThis.crypto, me.publicKey, partner.publicKey)
        : null,
  };
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
