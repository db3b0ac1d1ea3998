import {
  type AcceptedKey,
  type CreateSpaceKeyBody,
  type KeyVerification,
  keyVerification,
  type RotateSpaceBody,
  type SpaceItemKey,
  type SpaceReply,
  type SpaceSharing,
  spaceSharing,
} from '@sam/core';
import { ApiError } from '../../app/http.ts';
import {
  createSpaceKey,
  type DataCipher,
  decryptFromSpace,
  encryptForSpace,
  type IdentityKey,
  isPublicKey,
  openSpaceKey,
  rotateSpaceKey,
  type SpaceKey,
  safetyCode,
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
/** The place the reader's record of an accepted key is bound to under their own data key. */
export const verificationPlace = (relationshipId: string) => `space-verification:${relationshipId}`;
/** The place of the sponsee's record of the key one generation was sealed to, under their data key. */
export const sealRecordPlace = (relationshipId: string, generation: number) =>
  `space-seal:${relationshipId}:${generation}`;

/**
 * A space as one member's browser holds it (decision 43). Everything that decides trust comes from keys the
 * browser holds itself: its own identity key, the key it accepted for the partner (under its data key) and,
 * for the sponsee, its record of the key each generation was sealed to.
 */
export type OpenedSpace = {
  reply: SpaceReply;
  /** The opened space key; null until there is one this browser can open. */
  key: SpaceKey | null;
  /**
   * The reply was refused: the server named a key for this person that is not the one this browser holds
   * ('my-key'), or a partner key that is not a public key at all ('partner-key'). Nothing is opened.
   */
  refused: 'my-key' | 'partner-key' | null;
  /** Null until the partner has a key. */
  verification: KeyVerification | null;
  /** What this browser may do with the space (spaceSharing); null until both people have a key. */
  sharing: SpaceSharing | null;
  /** The code both people compare, from this browser's own public key and the partner key it seals to. */
  safetyCode: string | null;
};

/** Whether this browser may seal, share or write anything in the space now. */
export const canShare = (space: Pick<OpenedSpace, 'key' | 'sharing'>): boolean =>
  space.key !== null && space.sharing === 'ready';

const unopened = (reply: SpaceReply) => ({
  reply,
  key: null,
  verification: null,
  sharing: null,
  safetyCode: null,
});

/**
 * Opens a space for its member. Before anything is sealed the person compares the safety code (or chooses
 * to go on without it); the sponsee's browser then seals the space to exactly the key they accepted: the
 * first key, or a new generation when the space is sealed to another key or sealed before records were
 * kept. After the end it moves the kept threads to a new key sealed to the sponsee alone. A reply that
 * names another key for this person than the one this browser holds is refused.
 */
export async function openSpace(
  identity: IdentityKey,
  cipher: DataCipher,
  reply: SpaceReply,
  api: SpaceKeyApi,
): Promise<OpenedSpace> {
  if (reply.me.publicKey !== identity.publicKey) return { ...unopened(reply), refused: 'my-key' };
  if (reply.status === 'ended') return { ...(await openEnded(identity, cipher, reply, api)), refused: null };
  const partnerKey = reply.partner.publicKey;
  if (partnerKey === null) return { ...unopened(reply), refused: null };
  if (!(await isPublicKey(partnerKey))) return { ...unopened(reply), refused: 'partner-key' };
  const verification = keyVerification(await acceptedKey(cipher, reply), partnerKey);
  const sealedTo = reply.role === 'sponsee' ? await sealedToKey(cipher, reply) : null;
  const sharing = spaceSharing({ role: reply.role, verification, partnerKey, sealedTo });
  const trust = {
    refused: null,
    verification,
    safetyCode: await safetyCode(globalThis.crypto, identity.publicKey, partnerKey),
  };
  if (reply.role === 'sponsor') {
    // The sponsor's copy opens only as sealed by the sponsee's current key: one made up by anyone else,
    // or sealed by a key the sponsee no longer has, does not (the page says so).
    const key = reply.wrappedKey ? await openOwnCopy(identity, reply, partnerKey).catch(() => null) : null;
    return { reply, key, sharing, ...trust };
  }
  if (sharing === 'seal') {
    const sealed = await sealTo(identity, cipher, reply, partnerKey, api);
    return { ...sealed, sharing: 'ready', ...trust };
  }
  const key = reply.wrappedKey ? await openOwnCopy(identity, reply, identity.publicKey) : null;
  return { reply, key, sharing, ...trust };
}

/** This member's sealed copy of the current generation, as sealed by `sender` (the sponsee). */
function openOwnCopy(identity: IdentityKey, reply: SpaceReply, sender: string): Promise<SpaceKey> {
  if (reply.generation === null || reply.wrappedKey === null) throw new Error('The space has no key yet');
  const binding = {
    spaceId: reply.relationshipId,
    generation: reply.generation,
    recipientId: reply.me.userId,
  };
  // The sponsee's own copy of a generation sealed before records were kept proves no sender (Base mode);
  // it is opened only to move what it holds to a new generation, or to read the threads kept after the end.
  const legacy = reply.role === 'sponsee' && reply.sealRecord === null;
  return openSpaceKey(identity, reply.wrappedKey, binding, legacy ? null : sender);
}

async function openEnded(
  identity: IdentityKey,
  cipher: DataCipher,
  reply: SpaceReply,
  api: SpaceKeyApi,
): Promise<Omit<OpenedSpace, 'refused'>> {
  const base = unopened(reply);
  if (reply.role !== 'sponsee' || reply.wrappedKey === null) return base;
  const key = await openOwnCopy(identity, reply, identity.publicKey);
  if (!reply.rotationDue) return { ...base, key };
  return { ...base, ...(await rotate(identity, cipher, reply, key, null, api)) };
}

/** The sponsee's browser seals the space to `partnerKey`: the first key, or a new generation. */
async function sealTo(
  identity: IdentityKey,
  cipher: DataCipher,
  reply: SpaceReply,
  partnerKey: string,
  api: SpaceKeyApi,
): Promise<{ reply: SpaceReply; key: SpaceKey }> {
  if (reply.generation === null) return makeFirstKey(identity, cipher, reply, partnerKey, api);
  const old = await openOwnCopy(identity, reply, identity.publicKey);
  return rotate(identity, cipher, reply, old, partnerKey, api);
}

async function makeFirstKey(
  identity: IdentityKey,
  cipher: DataCipher,
  reply: SpaceReply,
  partnerKey: string,
  api: SpaceKeyApi,
): Promise<{ reply: SpaceReply; key: SpaceKey }> {
  const space = await createSpaceKey(reply.relationshipId, 1);
  const members = [
    { userId: reply.me.userId, publicKey: identity.publicKey },
    { userId: reply.partner.userId, publicKey: partnerKey },
  ];
  const keys = await Promise.all(
    members.map(async (m) => ({ userId: m.userId, ...(await wrapSpaceKey(space, m, identity)) })),
  );
  const record = await sealRecord(cipher, reply.relationshipId, 1, partnerKey);
  try {
    return { reply: await api.createKey(reply.relationshipId, { generation: 1, keys, record }), key: space };
  } catch (error) {
    // Another browser of the sponsee made it first: use theirs (sealed again if not to this key).
    if (error instanceof ApiError && error.status === 409 && error.code === 'space_exists') {
      const theirs = await openSpace(identity, cipher, await api.get(reply.relationshipId), api);
      if (theirs.key) return { reply: theirs.reply, key: theirs.key };
    }
    throw error;
  }
}

/**
 * Moves the space to a new generation sealed to the sponsee and, while the relationship is active, to
 * `partnerKey` (null after the end), with every comment and shared item re-encrypted under it. Whoever
 * held an earlier generation's key opens nothing stored afterwards.
 */
async function rotate(
  identity: IdentityKey,
  cipher: DataCipher,
  reply: SpaceReply,
  old: SpaceKey,
  partnerKey: string | null,
  api: SpaceKeyApi,
): Promise<{ reply: SpaceReply; key: SpaceKey }> {
  const comments = reply.comments.map((c) => ({
    id: `comment|${c.id}`,
    place: commentPlace(c.itemKey),
    ciphertext: c.ciphertext,
  }));
  const items = reply.items.map((i) => ({
    id: `item|${i.itemKey}`,
    place: itemPlace(i.itemKey),
    ciphertext: i.ciphertext,
  }));
  const members = [{ userId: reply.me.userId, publicKey: identity.publicKey }];
  if (partnerKey !== null) members.push({ userId: reply.partner.userId, publicKey: partnerKey });
  const rotated = await rotateSpaceKey(old, members, [...comments, ...items], identity);
  const generation = rotated.space.generation;
  const moved = (kind: 'comment' | 'item') =>
    rotated.contents
      .filter((c) => c.id.startsWith(`${kind}|`))
      .map((c) => ({ id: c.id.slice(kind.length + 1), ciphertext: c.ciphertext }));
  const next = await api.rotate(reply.relationshipId, {
    generation,
    keys: rotated.wrapped,
    record: await sealRecord(cipher, reply.relationshipId, generation, partnerKey),
    comments: moved('comment'),
    items: moved('item').map((i) => ({ itemKey: i.id as SpaceItemKey, ciphertext: i.ciphertext })),
  });
  return { reply: next, key: rotated.space };
}

/** The sponsee's record of the partner key generation `generation` is sealed to (null: to them alone). */
function sealRecord(
  cipher: DataCipher,
  relationshipId: string,
  generation: number,
  partnerKey: string | null,
): Promise<string> {
  return cipher.encrypt({ partnerKey }, sealRecordPlace(relationshipId, generation));
}

/** The partner key the current generation was sealed to, by this browser's own record; null without one. */
async function sealedToKey(cipher: DataCipher, reply: SpaceReply): Promise<string | null> {
  if (reply.sealRecord === null || reply.generation === null) return null;
  try {
    const record = (await cipher.decrypt(
      reply.sealRecord,
      sealRecordPlace(reply.relationshipId, reply.generation),
    )) as { partnerKey?: unknown };
    return typeof record?.partnerKey === 'string' ? record.partnerKey : null;
  } catch {
    // A record this browser cannot open vouches for nothing: the space is sealed again.
    return null;
  }
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

/**
 * The partner key this browser accepted, from its record under the data key; null without one, or for a
 * record it cannot open (the person compares the code again). Records made before decision 43 were made
 * only by comparing.
 */
export async function acceptedKey(cipher: DataCipher, reply: SpaceReply): Promise<AcceptedKey | null> {
  if (reply.verification === null) return null;
  try {
    const record = (await cipher.decrypt(reply.verification, verificationPlace(reply.relationshipId))) as {
      publicKey?: unknown;
      compared?: unknown;
    };
    if (typeof record?.publicKey !== 'string') return null;
    return { publicKey: record.publicKey, compared: record.compared !== false };
  } catch {
    return null;
  }
}

/**
 * The record of accepting the partner's current public key: compared in person, or (`compared` false) taken
 * on knowingly without comparing.
 */
export function verificationRecord(
  cipher: DataCipher,
  reply: SpaceReply,
  compared: boolean,
): Promise<string> {
  const record: AcceptedKey = { publicKey: reply.partner.publicKey ?? '', compared };
  return cipher.encrypt(record, verificationPlace(reply.relationshipId));
}
