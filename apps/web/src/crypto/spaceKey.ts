import { decryptJson, encryptJson } from './cipher.ts';
import { base64ToBytes, bytesToBase64, randomBytes, utf8Encode } from './encoding.ts';
import { CryptoError, DECRYPT_FAILED_MESSAGE } from './errors.ts';
import { hpkeSuite, type IdentityKey, importPublicKey } from './identityKey.ts';

/**
 * The key of a sponsor space (decisions 22 and 43): a random AES-256-GCM key made by the sponsee's browser,
 * sealed with HPKE to each member's identity public key in HPKE's Auth mode, with the sponsee's identity key
 * as the sender: a copy opens only with the sender's public key the reader expects, so a key made up by
 * anyone else (the server included) does not open as the sponsee's. A sealed copy is bound to its space,
 * generation and recipient, so a copy moved to another space, generation or person does not open.
 * Generations sealed before decision 43 used Base mode; only the sponsee's browser still opens those, to
 * seal the space again.
 */
const KEY_BYTES = 32;
const WRAP_INFO = utf8Encode('sam-space-key|v2|auth');
const BASE_WRAP_INFO = utf8Encode('sam-space-key|v1');

/** Which space, generation and person a sealed copy of a space key belongs to. */
export type SpaceKeyBinding = { spaceId: string; generation: number; recipientId: string };

/** A space key sealed to one person: HPKE's encapsulated key and ciphertext, both base64. */
export type WrappedSpaceKey = { enc: string; wrappedKey: string };

/** An opened space key. `raw` is kept in memory only, to seal the key to a member whose key changed. */
export type SpaceKey = { spaceId: string; generation: number; key: CryptoKey; raw: Uint8Array<ArrayBuffer> };

/** A member a space key is sealed to. */
export type SpaceMember = { userId: string; publicKey: string };

const bindingAad = (b: SpaceKeyBinding) =>
  utf8Encode(`${b.spaceId}|${b.generation}|${b.recipientId}|space-key`);

async function importSpaceKey(
  spaceId: string,
  generation: number,
  raw: Uint8Array<ArrayBuffer>,
): Promise<SpaceKey> {
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { spaceId, generation, key, raw };
}

/** A fresh random key for generation `generation` of a space. */
export function createSpaceKey(spaceId: string, generation: number): Promise<SpaceKey> {
  return importSpaceKey(spaceId, generation, randomBytes(crypto, KEY_BYTES));
}

/** Seals a space key to one member's public key, from the sealer's identity key. */
export async function wrapSpaceKey(
  space: SpaceKey,
  member: SpaceMember,
  sender: IdentityKey,
): Promise<WrappedSpaceKey> {
  const binding = { spaceId: space.spaceId, generation: space.generation, recipientId: member.userId };
  const senderKey = { privateKey: sender.privateKey, publicKey: await importPublicKey(sender.publicKey) };
  const sealed = await hpkeSuite.seal(
    { recipientPublicKey: await importPublicKey(member.publicKey), senderKey, info: WRAP_INFO },
    space.raw,
    bindingAad(binding),
  );
  return {
    enc: bytesToBase64(new Uint8Array(sealed.enc)),
    wrappedKey: bytesToBase64(new Uint8Array(sealed.ct)),
  };
}

/**
 * Opens a sealed copy with the recipient's identity key, checking it was sealed by `senderPublicKey` (the
 * sponsee's; null opens a copy sealed before decision 43, in Base mode, which proves no sender). A damaged
 * copy, one sealed to someone else or by anyone else, or one bound to another space, generation or person
 * throws a CryptoError 'decrypt-failed'.
 */
export async function openSpaceKey(
  identity: IdentityKey,
  wrapped: WrappedSpaceKey,
  binding: SpaceKeyBinding,
  senderPublicKey: string | null,
): Promise<SpaceKey> {
  let raw: ArrayBuffer;
  try {
    const enc = base64ToBytes(wrapped.enc);
    const params =
      senderPublicKey === null
        ? { recipientKey: identity.privateKey, enc, info: BASE_WRAP_INFO }
        : {
            recipientKey: identity.privateKey,
            enc,
            senderPublicKey: await importPublicKey(senderPublicKey),
            info: WRAP_INFO,
          };
    raw = await hpkeSuite.open(params, base64ToBytes(wrapped.wrappedKey), bindingAad(binding));
  } catch (cause) {
    throw new CryptoError('decrypt-failed', DECRYPT_FAILED_MESSAGE, { cause });
  }
  if (raw.byteLength !== KEY_BYTES) throw new CryptoError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
  return importSpaceKey(binding.spaceId, binding.generation, new Uint8Array(raw));
}

const contentAad = (space: SpaceKey, place: string) =>
  `${space.spaceId}|${space.generation}|${place}|space-v1`;

/** Encrypts a JSON value under a space key, bound to the space, its generation and `place` (e.g. 'item:step-1'). */
export function encryptForSpace(space: SpaceKey, value: unknown, place: string): Promise<string> {
  return encryptJson(crypto, space.key, value, contentAad(space, place));
}

/** Decrypts what {@link encryptForSpace} made with the same key, generation and place. */
export function decryptFromSpace(space: SpaceKey, ciphertext: string, place: string): Promise<unknown> {
  return decryptJson(crypto, space.key, ciphertext, contentAad(space, place));
}

/** A piece of space content named by its place, as kept on the server. */
export type SpaceCiphertext = { id: string; place: string; ciphertext: string };

/**
 * Moves a space to a new generation: a new random key, sealed by `sender` to `members` only, and every given
 * ciphertext re-encrypted under it. Whoever held the old key cannot open anything stored afterwards.
 */
export async function rotateSpaceKey(
  old: SpaceKey,
  members: SpaceMember[],
  contents: SpaceCiphertext[],
  sender: IdentityKey,
): Promise<{
  space: SpaceKey;
  wrapped: (WrappedSpaceKey & { userId: string })[];
  contents: SpaceCiphertext[];
}> {
  const space = await createSpaceKey(old.spaceId, old.generation + 1);
  const wrapped = await Promise.all(
    members.map(async (member) => ({
      userId: member.userId,
      ...(await wrapSpaceKey(space, member, sender)),
    })),
  );
  const moved = await Promise.all(
    contents.map(async (item) => ({
      ...item,
      ciphertext: await encryptForSpace(
        space,
        await decryptFromSpace(old, item.ciphertext, item.place),
        item.place,
      ),
    })),
  );
  return { space, wrapped, contents: moved };
}
