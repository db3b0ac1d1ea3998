/**
 * The sponsor space: what a sponsee can share with their sponsor, and the rules both browsers and the
 * server keep about it. The content itself is ciphertext under the space key; the server sees only which
 * items are shared, when they changed and when they were read.
 */
import { INVENTORY_LABELS } from './inventory/entries.ts';
import type { InventoryType } from './schemas/inventory.ts';

const STEP_ITEM_KEYS = Array.from({ length: 12 }, (_, i) => `step-${i + 1}` as const);
const INVENTORY_ITEM_KEYS = ['inventory-resentments', 'inventory-fears', 'inventory-harms'] as const;

/** Everything a sponsee can choose to share, in the order the panel shows it. */
export const SHAREABLE_SPACE_ITEM_KEYS = [
  ...STEP_ITEM_KEYS,
  ...INVENTORY_ITEM_KEYS,
  'three-circles',
] as const;
/**
 * Every item a space can hold: the shareable ones, and the sponsee's reach-outs ("I'm in my middle
 * circle"), a thread that opens the first time they reach out.
 */
export const SPACE_ITEM_KEYS = [...SHAREABLE_SPACE_ITEM_KEYS, 'reach-out'] as const;
export type SpaceItemKey = (typeof SPACE_ITEM_KEYS)[number];

export const isSpaceItemKey = (key: string): key is SpaceItemKey =>
  (SPACE_ITEM_KEYS as readonly string[]).includes(key);

/** The step number an item key names, or null for an inventory. */
export function spaceItemStep(key: SpaceItemKey): number | null {
  return key.startsWith('step-') ? Number(key.slice('step-'.length)) : null;
}

/** The inventory an item key names, or null for a step. */
export function spaceItemInventory(key: SpaceItemKey): InventoryType | null {
  return key.startsWith('inventory-') ? (key.slice('inventory-'.length) as InventoryType) : null;
}

export function spaceItemLabel(key: SpaceItemKey): string {
  if (key === 'three-circles') return 'My three circles';
  if (key === 'reach-out') return 'Reaching out';
  const step = spaceItemStep(key);
  return step === null
    ? `${INVENTORY_LABELS[spaceItemInventory(key) as InventoryType]} inventory`
    : `Step ${step}`;
}

/** Comments are short notes; the longest a comment may be, in characters. */
export const SPACE_COMMENT_MAX_LENGTH = 2000;
/** Ciphertext of the longest comment (4 bytes a character at worst, JSON quotes, IV and tag, base64). */
export const MAX_SPACE_COMMENT_CIPHERTEXT = 12_000;
/** A thread holds at most this many comments; a person starts a new conversation in person by then. */
export const MAX_SPACE_COMMENTS_PER_ITEM = 500;

/**
 * The other person's public key as this browser last accepted it, kept under the reader's own data key:
 * compared in person (`compared`), or taken on without comparing, a risk the person chose knowingly.
 */
export type AcceptedKey = { publicKey: string; compared: boolean };

/**
 * How far this browser trusts the other person's public key: never accepted ('unverified'), taken on
 * without comparing ('accepted'), compared and still the same ('verified'), or different from the one
 * accepted ('changed'), which is shown as a warning and never accepted silently.
 */
export type KeyVerification = 'unverified' | 'accepted' | 'verified' | 'changed';

export function keyVerification(accepted: AcceptedKey | null, currentKey: string): KeyVerification {
  if (accepted === null) return 'unverified';
  if (accepted.publicKey !== currentKey) return 'changed';
  return accepted.compared ? 'verified' : 'accepted';
}

/**
 * What one member's browser may do with a space (decision 43), from keys it holds itself:
 * - 'compare': nothing is shared (sealed, written or read under the space key) until the person compares
 *   the safety code, or chooses to go on without comparing;
 * - 'changed': the partner's key differs from the one accepted; sharing stops until the code is compared
 *   again;
 * - 'seal' (the sponsee): the accepted key is the partner's current one, but the space is not sealed to it
 *   (no key yet, a key sealed before records were kept, or sealed to another key): the browser seals it now;
 * - 'ready': the space is sealed to the accepted key (the sponsor: it opened with the sponsee's key).
 */
export type SpaceSharing = 'compare' | 'changed' | 'seal' | 'ready';

export function spaceSharing(input: {
  role: 'sponsor' | 'sponsee';
  verification: KeyVerification;
  partnerKey: string;
  /** The sponsee's record of the key the current generation was sealed to; null without one. */
  sealedTo: string | null;
}): SpaceSharing {
  if (input.verification === 'unverified') return 'compare';
  if (input.verification === 'changed') return 'changed';
  if (input.role === 'sponsor') return 'ready';
  return input.sealedTo === input.partnerKey ? 'ready' : 'seal';
}

/** An item is unread for a person when it or its thread changed, by the other person, after they last read it. */
export function spaceItemUnread(lastChangeByOther: number | null, readAt: number | null): boolean {
  return lastChangeByOther !== null && (readAt === null || lastChangeByOther > readAt);
}

export const SPACE_MESSAGES = {
  notFound: 'This sponsor space was not found. The relationship may have ended.',
  itemNotFound: 'That item is not shared in this space.',
  sponseeOnly: 'Only the sponsee can do this in their space.',
  sponsorOnly: 'Only the sponsor can mark an item reviewed.',
  noIdentityKey: 'Both people need to sign in once more before the space can open. Please try again later.',
  spaceExists: 'This space already has a key. Reload to use it.',
  staleGeneration: 'The space key changed meanwhile. Reload and try again.',
  wrongMembers: 'A space key must be sealed to exactly the two people of the relationship.',
  identityKeyExists: 'This account already has an identity key. Reload to use it.',
  notAPublicKey: 'publicKey: Must be a P-256 public key (a point on the curve).',
  tooManyComments: `This thread already holds ${MAX_SPACE_COMMENTS_PER_ITEM} comments.`,
  sealRecordNeeded: 'A space key sealed to the other person needs your record of their key.',
  commentsChanged: 'The comments changed meanwhile. Reload and try again.',
  itemsChanged: 'The shared items changed meanwhile. Reload and try again.',
  partnerNoKey: 'The other person has no key yet, so the space cannot be sealed to them.',
  stoppedSharing: 'Stopped sharing.',
} as const;
