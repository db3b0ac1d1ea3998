import {
  type CreateSpaceKeyBody,
  type KeyVerification,
  keyVerification,
  type RotateSpaceBody,
  type SpaceItemKey,
  type SpaceReply,
} from '@sam/core';
import { ApiError } from '../../app/http.ts';
import {
  createSpaceKey,
  type DataCipher,
  decryptFromSpace,
  encryptForSpace,
  type IdentityKey,
  openSpaceKey,
  rotateSpaceKey,
  type SpaceKey,
  wrapSpaceKey,
} from '../../crypto/index.ts';

/** The server calls the space's key handling needs (sponsorSpaceApi in the app, a double in tests). */
export type SpaceKeyApi = {
  get(relationshipId: string): Promise<SpaceReply>;
  createKey(relationshipId: string, body: CreateSpaceKeyBody): Promise<SpaceReply>;
  rotate(relationshipId: string, body: RotateSpaceBody): Promise<SpaceReply>;
};

/** Where each piece of space content is bound, so the server cannot move a comment onto a shared item. */
export const itemPlace = (itemKey: SpaceItemKey) => `item:${itemKey}`;
export const commentPlace = (itemKey: SpaceItemKey) => `comment:${itemKey}`;
/** The place the reader's record of a verified key is bound to under their own data key. */
export const verificationPlace = (relationshipId: string) => `space-verification:${relationshipId}`;

/** A space as one member's browser holds it: the server's reply and, once there is one, the opened key. */
export type OpenedSpace = { reply: SpaceReply; key: SpaceKey | null };

/**
 * Opens a space for its member. The sponsee's browser makes the first key when both people have a public
 * key, and after the end moves the kept threads to a new key sealed to the sponsee alone. Without a key
 * yet (the sponsor waits for the sponsee's browser, or someone has still to sign in once), `key` is null.
 */
export async function openSpace(
  identity: IdentityKey,
  reply: SpaceReply,
  api: SpaceKeyApi,
): Promise<OpenedSpace> {
  let current = reply;
  if (current.generation === null) {
    if (!canMakeFirstKey(identity, current)) return { reply: current, key: null };
    current = await makeFirstKey(identity, current, api);
  }
  if (current.generation === null || current.wrappedKey === null) return { reply: current, key: null };
  const key = await openSpaceKey(identity, current.wrappedKey, {
    spaceId: current.relationshipId,
    generation: current.generation,
    recipientId: current.me.userId,
  });
  if (current.rotationDue && current.role === 'sponsee') return rotate(identity, current, key, api);
  return { reply: current, key };
}

function canMakeFirstKey(identity: IdentityKey, reply: SpaceReply): boolean {
  return (
    reply.role === 'sponsee' &&
    reply.status === 'active' &&
    reply.partner.publicKey !== null &&
    reply.me.publicKey === identity.publicKey
  );
}

async function makeFirstKey(identity: IdentityKey, reply: SpaceReply, api: SpaceKeyApi): Promise<SpaceReply> {
  const space = await createSpaceKey(reply.relationshipId, 1);
  const members = [
    { userId: reply.me.userId, publicKey: identity.publicKey },
    { userId: reply.partner.userId, publicKey: reply.partner.publicKey as string },
  ];
  const keys = await Promise.all(
    members.map(async (m) => ({ userId: m.userId, ...(await wrapSpaceKey(space, m)) })),
  );
  try {
    return await api.createKey(reply.relationshipId, { generation: 1, keys });
  } catch (error) {
    // Another browser of the sponsee made it first: use theirs.
    if (error instanceof ApiError && error.status === 409 && error.code === 'space_exists') {
      return api.get(reply.relationshipId);
    }
    throw error;
  }
}

async function rotate(
  identity: IdentityKey,
  reply: SpaceReply,
  old: SpaceKey,
  api: SpaceKeyApi,
): Promise<OpenedSpace> {
  const comments = reply.comments.map((c) => ({
    id: c.id,
    place: commentPlace(c.itemKey),
    ciphertext: c.ciphertext,
  }));
  const me = { userId: reply.me.userId, publicKey: identity.publicKey };
  const rotated = await rotateSpaceKey(old, [me], comments);
  const [sealed] = rotated.wrapped;
  if (!sealed) throw new Error('A rotation seals the new key to the sponsee');
  const next = await api.rotate(reply.relationshipId, {
    generation: rotated.space.generation,
    keys: [sealed],
    comments: rotated.contents.map((c) => ({ id: c.id, ciphertext: c.ciphertext })),
  });
  return { reply: next, key: rotated.space };
}

/** Encrypts what the sponsee shares of one item, for the sponsor's copy. */
export function sealItem(space: SpaceKey, itemKey: SpaceItemKey, content: unknown): Promise<string> {
  return encryptForSpace(space, content, itemPlace(itemKey));
}

export function openItem(space: SpaceKey, itemKey: SpaceItemKey, ciphertext: string): Promise<unknown> {
  return decryptFromSpace(space, ciphertext, itemPlace(itemKey));
}

/** A comment as both browsers read it: its text, and the part of the item it is about (a circle's item). */
export type CommentContent = { text: string; about: string | null };

export function sealComment(
  space: SpaceKey,
  itemKey: SpaceItemKey,
  text: string,
  about?: string | null,
): Promise<string> {
  return encryptForSpace(space, about ? { text, about } : { text }, commentPlace(itemKey));
}

/** A comment's content, or null when it cannot be read (damaged, or bound to another thread). */
export async function openCommentContent(
  space: SpaceKey,
  itemKey: SpaceItemKey,
  ciphertext: string,
): Promise<CommentContent | null> {
  try {
    const value = (await decryptFromSpace(space, ciphertext, commentPlace(itemKey))) as {
      text?: unknown;
      about?: unknown;
    };
    if (typeof value?.text !== 'string') return null;
    return { text: value.text, about: typeof value.about === 'string' ? value.about : null };
  } catch {
    return null;
  }
}

/** A comment's text, or null when it cannot be read. */
export async function openComment(
  space: SpaceKey,
  itemKey: SpaceItemKey,
  ciphertext: string,
): Promise<string | null> {
  return (await openCommentContent(space, itemKey, ciphertext))?.text ?? null;
}

/** How far this browser trusts the partner's current public key (see keyVerification). */
export async function partnerVerification(
  cipher: DataCipher,
  reply: SpaceReply,
): Promise<KeyVerification | null> {
  const current = reply.partner.publicKey;
  if (current === null) return null;
  if (reply.verification === null) return keyVerification(null, current);
  try {
    const record = (await cipher.decrypt(reply.verification, verificationPlace(reply.relationshipId))) as {
      publicKey?: unknown;
    };
    return keyVerification(typeof record?.publicKey === 'string' ? record.publicKey : '', current);
  } catch {
    // A record this browser cannot open is not a verification: the person compares the code again.
    return keyVerification(null, current);
  }
}

/** The record of having compared the safety code in person, for the partner's current public key. */
export function verificationRecord(cipher: DataCipher, reply: SpaceReply): Promise<string> {
  return cipher.encrypt({ publicKey: reply.partner.publicKey }, verificationPlace(reply.relationshipId));
}
