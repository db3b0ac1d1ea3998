import { randomUUID } from 'node:crypto';
import {
  type CreateSpaceKeyBody,
  SPACE_MESSAGES as M,
  MAX_SPACE_COMMENTS_PER_ITEM,
  type PutSpaceItemBody,
  type RotateSpaceBody,
  type SpaceCommentBody,
  type SpaceItemKey,
  type SpaceReply,
  type SpaceSummary,
} from '@sam/core';
import { findIdentityKey, publicKeysOf } from '../../db/identityKeys.ts';
import type { Db } from '../../db/index.ts';
import { listRelationshipsOf } from '../../db/relationships.ts';
import {
  advanceGeneration,
  countItemComments,
  deleteSpaceItem,
  deleteSpaceKeysBefore,
  findSpace,
  findSpaceKey,
  findVerification,
  insertSpace,
  insertSpaceComment,
  insertSpaceKeys,
  listSpaceComments,
  listSpaceItems,
  listSpaceReads,
  lockSpace,
  markItemReviewed,
  replaceCommentCiphertexts,
  replaceItemCiphertexts,
  upsertSpaceItem,
  upsertSpaceRead,
  upsertVerification,
} from '../../db/sponsorSpaces.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { notify } from '../notifications/notify.ts';
import { type Membership, membership, requireSponsee, requireSponsor } from './access.ts';
import { spaceComments, spaceItems } from './replies.ts';

const staleGeneration = () => conflict(M.staleGeneration, 'stale_generation');

/** How the caller is named to the other person in this relationship. */
const nameOf = (member: Membership) =>
  member.role === 'sponsor'
    ? member.relationship.sponsor_display_name
    : member.relationship.sponsee_display_name;

/** The space's current generation, for a write that was made under `generation`; 409 if it moved on. */
async function currentGeneration(db: Db, relationshipId: string, generation: number): Promise<void> {
  const space = await findSpace(db, relationshipId);
  if (!space || space.generation !== generation) throw staleGeneration();
}

export function createSponsorSpaceService(deps: AppDeps) {
  const { db } = deps;

  async function reply(user: UserRow, member: Membership): Promise<SpaceReply> {
    const id = member.relationship.id;
    const space = await findSpace(db, id);
    const [keys, items, comments, reads, verification, wrapped] = await Promise.all([
      publicKeysOf(db, [user.id, member.partnerId]),
      listSpaceItems(db, id),
      listSpaceComments(db, id),
      listSpaceReads(db, id, user.id),
      findVerification(db, id, user.id),
      space ? findSpaceKey(db, id, space.generation, user.id) : undefined,
    ]);
    const partnerName =
      member.role === 'sponsor'
        ? member.relationship.sponsee_display_name
        : member.relationship.sponsor_display_name;
    return {
      relationshipId: id,
      status: member.relationship.status,
      role: member.role,
      me: { userId: user.id, publicKey: keys.get(user.id) ?? null },
      partner: {
        userId: member.partnerId,
        displayName: partnerName,
        publicKey: keys.get(member.partnerId) ?? null,
      },
      generation: space?.generation ?? null,
      wrappedKey: wrapped ? { enc: wrapped.enc, wrappedKey: wrapped.wrapped_key } : null,
      sealRecord: wrapped?.record ?? null,
      verification: verification?.ciphertext ?? null,
      rotationDue: space?.rotation_due === 1,
      items: spaceItems(member, items, comments, reads),
      comments: spaceComments(member, comments),
    };
  }

  return {
    /** The spaces of the caller's active relationships, with what is unread in each. */
    async list(user: UserRow): Promise<SpaceSummary[]> {
      const relationships = await listRelationshipsOf(db, user.id, { status: 'active' });
      return Promise.all(
        relationships.map(async (relationship) => {
          const member = await membership(db, user, relationship.id);
          const full = await reply(user, member);
          const updated = full.items.map((i) => i.updatedAt).sort();
          return {
            relationshipId: relationship.id,
            role: member.role,
            partnerName: full.partner.displayName,
            itemCount: full.items.length,
            unreadCount: full.items.filter((i) => i.unread).length,
            lastUpdatedAt: updated.at(-1) ?? null,
          };
        }),
      );
    },

    async get(user: UserRow, relationshipId: string): Promise<SpaceReply> {
      return reply(user, await membership(db, user, relationshipId, { afterEnd: true }));
    },

    /** The sponsee's browser opens the space: generation 1, sealed to both people's current public keys. */
    async createKey(user: UserRow, relationshipId: string, body: CreateSpaceKeyBody): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId);
      requireSponsee(member);
      if (body.generation !== 1) throw conflict(M.spaceExists, 'space_exists');
      requireBothMembers(user, member, body.keys);
      if (!(await findIdentityKey(db, member.partnerId))) throw conflict(M.noIdentityKey, 'no_identity_key');
      const now = deps.now();
      await db.transaction().execute(async (trx) => {
        const created = await insertSpace(trx, {
          relationship_id: relationshipId,
          generation: 1,
          rotation_due: 0,
          created_at: now,
          updated_at: now,
        });
        if (!created) throw conflict(M.spaceExists, 'space_exists');
        await insertSpaceKeys(trx, keyRows(user, relationshipId, 1, body.keys, body.record));
      });
      return reply(user, member);
    },

    /** The sponsee shares an item, or updates the sponsor's copy of it. */
    async putItem(
      user: UserRow,
      relationshipId: string,
      itemKey: SpaceItemKey,
      body: PutSpaceItemBody,
    ): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId);
      requireSponsee(member);
      await db.transaction().execute(async (trx) => {
        await lockSpace(trx, deps.dialect, relationshipId);
        await currentGeneration(trx, relationshipId, body.generation);
        const now = deps.now();
        await upsertSpaceItem(trx, {
          relationship_id: relationshipId,
          item_key: itemKey,
          generation: body.generation,
          ciphertext: body.ciphertext,
          updated_at: now,
        });
        // The reach-out thread opens with its first note, which tells the sponsor itself.
        if (itemKey !== 'reach-out') {
          const note = {
            kind: 'shared-updated',
            otherName: nameOf(member),
            relationshipId,
            itemKey,
          } as const;
          await notify(trx, { ...note, userId: member.partnerId }, now);
        }
      });
      deps.outbox.kick();
      return reply(user, member);
    },

    /** The sponsee stops sharing an item: the sponsor's copy and its thread are deleted. */
    async deleteItem(user: UserRow, relationshipId: string, itemKey: SpaceItemKey): Promise<void> {
      const member = await membership(db, user, relationshipId);
      requireSponsee(member);
      const deleted = await db.transaction().execute((trx) => deleteSpaceItem(trx, relationshipId, itemKey));
      if (!deleted) throw notFound(M.itemNotFound, 'item_not_found');
    },

    async comment(
      user: UserRow,
      relationshipId: string,
      itemKey: SpaceItemKey,
      body: SpaceCommentBody,
    ): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId);
      await db.transaction().execute(async (trx) => {
        await lockSpace(trx, deps.dialect, relationshipId);
        await currentGeneration(trx, relationshipId, body.generation);
        const items = await listSpaceItems(trx, relationshipId);
        if (!items.some((i) => i.item_key === itemKey)) throw notFound(M.itemNotFound, 'item_not_found');
        if ((await countItemComments(trx, relationshipId, itemKey)) >= MAX_SPACE_COMMENTS_PER_ITEM) {
          throw conflict(M.tooManyComments, 'too_many_comments');
        }
        const now = deps.now();
        await insertSpaceComment(trx, {
          id: randomUUID(),
          relationship_id: relationshipId,
          item_key: itemKey,
          author_user_id: user.id,
          generation: body.generation,
          ciphertext: body.ciphertext,
          created_at: now,
        });
        await upsertSpaceRead(trx, {
          relationship_id: relationshipId,
          user_id: user.id,
          item_key: itemKey,
          read_at: now,
        });
        const note = { kind: 'comment', otherName: nameOf(member), relationshipId, itemKey } as const;
        await notify(trx, { ...note, userId: member.partnerId }, now);
      });
      deps.outbox.kick();
      return reply(user, member);
    },

    async review(user: UserRow, relationshipId: string, itemKey: SpaceItemKey): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId);
      requireSponsor(member);
      const now = deps.now();
      await db.transaction().execute(async (trx) => {
        if (!(await markItemReviewed(trx, relationshipId, itemKey, now))) {
          throw notFound(M.itemNotFound, 'item_not_found');
        }
        const note = { kind: 'reviewed', otherName: nameOf(member), relationshipId, itemKey } as const;
        await notify(trx, { ...note, userId: member.partnerId }, now);
      });
      deps.outbox.kick();
      return reply(user, member);
    },

    async markRead(user: UserRow, relationshipId: string, itemKey: SpaceItemKey): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId);
      const items = await listSpaceItems(db, relationshipId);
      if (!items.some((i) => i.item_key === itemKey)) throw notFound(M.itemNotFound, 'item_not_found');
      await upsertSpaceRead(db, {
        relationship_id: relationshipId,
        user_id: user.id,
        item_key: itemKey,
        read_at: deps.now(),
      });
      return reply(user, member);
    },

    /** Keeps the caller's record of the partner's verified key (ciphertext only the caller can read). */
    async verify(user: UserRow, relationshipId: string, ciphertext: string): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId);
      await upsertVerification(db, {
        relationship_id: relationshipId,
        user_id: user.id,
        ciphertext,
        updated_at: deps.now(),
      });
      return reply(user, member);
    },

    /**
     * The sponsee's browser moves the space to a new generation, with every comment and shared item
     * re-encrypted under it (all or none); the old generations' sealed copies are deleted. After the end
     * the new key is sealed to the sponsee alone. While the relationship is active it is sealed to both, the
     * sponsor's copy to the key the sponsee accepted, whose record comes with it (decision 43).
     */
    async rotate(user: UserRow, relationshipId: string, body: RotateSpaceBody): Promise<SpaceReply> {
      const member = await membership(db, user, relationshipId, { afterEnd: true });
      requireSponsee(member);
      const active = member.relationship.status === 'active';
      if (active) {
        requireBothMembers(user, member, body.keys);
        if (!body.record) throw badRequest(M.sealRecordNeeded, 'record_needed');
        if (!(await findIdentityKey(db, member.partnerId))) throw conflict(M.partnerNoKey, 'no_identity_key');
      } else if (body.keys.length !== 1 || body.keys[0]?.userId !== user.id || body.items.length > 0) {
        throw badRequest(M.wrongMembers, 'wrong_members');
      }
      await db.transaction().execute(async (trx) => {
        await lockSpace(trx, deps.dialect, relationshipId);
        if (
          !(await advanceGeneration(trx, relationshipId, body.generation - 1, body.generation, deps.now()))
        ) {
          throw staleGeneration();
        }
        if (!(await replaceCommentCiphertexts(trx, relationshipId, body.generation, body.comments))) {
          throw conflict(M.commentsChanged, 'comments_changed');
        }
        if (active && !(await replaceItemCiphertexts(trx, relationshipId, body.generation, body.items))) {
          throw conflict(M.itemsChanged, 'items_changed');
        }
        await insertSpaceKeys(trx, keyRows(user, relationshipId, body.generation, body.keys, body.record));
        await deleteSpaceKeysBefore(trx, relationshipId, body.generation);
      });
      return reply(user, member);
    },
  };
}

/** A key sealed while the relationship is active goes to exactly the two people of it, once each. */
function requireBothMembers(user: UserRow, member: Membership, keys: { userId: string }[]): void {
  const members = new Set([user.id, member.partnerId]);
  const given = new Set(keys.map((k) => k.userId));
  if (given.size !== keys.length || given.size !== members.size || [...given].some((u) => !members.has(u))) {
    throw badRequest(M.wrongMembers, 'wrong_members');
  }
}

/** The sealed copies of one generation; the sponsee's carries their record of the sponsor key it went to. */
function keyRows(
  user: UserRow,
  relationshipId: string,
  generation: number,
  keys: { userId: string; enc: string; wrappedKey: string }[],
  record: string | undefined,
) {
  return keys.map((k) => ({
    relationship_id: relationshipId,
    generation,
    user_id: k.userId,
    enc: k.enc,
    wrapped_key: k.wrappedKey,
    record: k.userId === user.id ? (record ?? null) : null,
  }));
}
