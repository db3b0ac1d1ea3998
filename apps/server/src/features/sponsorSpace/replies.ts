import { type SpaceComment, type SpaceItem, type SpaceItemKey, spaceItemUnread } from '@sam/core';
import type { SpaceCommentRow, SpaceItemRow, SpaceReadRow } from '../../db/sponsorSpaces.ts';
import type { Membership } from './access.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The latest change the other person made to each item: the item itself (by the sponsee), or a comment. */
function lastChangeByOther(member: Membership, items: SpaceItemRow[], comments: SpaceCommentRow[]) {
  const latest = new Map<string, number>();
  const note = (key: string, at: number) => latest.set(key, Math.max(latest.get(key) ?? 0, at));
  if (member.role === 'sponsor') for (const item of items) note(item.item_key, item.updated_at);
  for (const comment of comments)
    if (comment.author_user_id === member.partnerId) note(comment.item_key, comment.created_at);
  return latest;
}

export function spaceItems(
  member: Membership,
  items: SpaceItemRow[],
  comments: SpaceCommentRow[],
  reads: SpaceReadRow[],
): SpaceItem[] {
  const changes = lastChangeByOther(member, items, comments);
  const readAt = new Map(reads.map((r) => [r.item_key, r.read_at]));
  return items.map((item) => ({
    itemKey: item.item_key as SpaceItemKey,
    generation: item.generation,
    ciphertext: item.ciphertext,
    updatedAt: iso(item.updated_at),
    reviewedAt: item.reviewed_at === null ? null : iso(item.reviewed_at),
    unread: spaceItemUnread(changes.get(item.item_key) ?? null, readAt.get(item.item_key) ?? null),
  }));
}

export function spaceComments(member: Membership, comments: SpaceCommentRow[]): SpaceComment[] {
  const sponsorId = member.relationship.sponsor_user_id;
  return comments.map((c) => ({
    id: c.id,
    itemKey: c.item_key as SpaceItemKey,
    author: c.author_user_id === sponsorId ? 'sponsor' : 'sponsee',
    generation: c.generation,
    ciphertext: c.ciphertext,
    createdAt: iso(c.created_at),
  }));
}
