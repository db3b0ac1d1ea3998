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
 * How far this browser trusts the other person's public key: never compared ('unverified'), compared and
 * still the same ('verified'), or different from the one that was compared ('changed'), which is shown
 * as a warning and never accepted silently.
 */
export type KeyVerification = 'unverified' | 'verified' | 'changed';

export function keyVerification(verifiedKey: string | null, currentKey: string): KeyVerification {
  if (verifiedKey === null) return 'unverified';
  return verifiedKey === currentKey ? 'verified' : 'changed';
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
  tooManyComments: `This thread already holds ${MAX_SPACE_COMMENTS_PER_ITEM} comments.`,
  notEnded: 'The space key is only moved to a new generation after the relationship ends.',
  commentsChanged: 'The comments changed meanwhile. Reload and try again.',
  stoppedSharing: 'Stopped sharing.',
} as const;
