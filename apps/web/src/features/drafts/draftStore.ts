import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { DataCipher } from '../../crypto/index.ts';

/**
 * Drafts: what a person has typed and not yet saved, kept so that a reload, a crash, a navigation or a
 * sign-in loses nothing. A signed-in person's drafts are encrypted under their data key before they are
 * written to IndexedDB ('sam-drafts' / 'drafts'); no draft is ever written anywhere in plaintext. A
 * visitor has no key, so a visitor's drafts live only in this page's memory until they sign in.
 */
export const DRAFT_DB_NAME = 'sam-drafts';
export const DRAFT_STORE_NAME = 'drafts';

/** What is stored per draft: the ciphertext and when it was written. */
type StoredDraft = { ciphertext: string; writtenAt: number };

export interface DraftStore {
  /** The draft kept for `place`, or null (none, or one this key cannot open). */
  read<T>(place: string): Promise<T | null>;
  write(place: string, value: unknown): Promise<void>;
  remove(place: string): Promise<void>;
  /** The places under `prefix` that hold a draft. */
  places(prefix: string): Promise<string[]>;
}

let database: UseStore | null = null;
function draftDatabase(): UseStore {
  database ??= createStore(DRAFT_DB_NAME, DRAFT_STORE_NAME);
  return database;
}

/** The ciphertext of a draft is bound to its place, like every SAM ciphertext. */
const draftPlace = (place: string) => `draft:${place}`;

/** Drafts of `userId`, encrypted with `cipher` before they reach IndexedDB. */
export function encryptedDraftStore(
  cipher: DataCipher,
  userId: string,
  db: UseStore = draftDatabase(),
): DraftStore {
  const keyOf = (place: string) => `${userId}|${place}`;
  return {
    async read<T>(place: string) {
      const stored = await get<StoredDraft>(keyOf(place), db);
      if (!stored) return null;
      try {
        return (await cipher.decrypt(stored.ciphertext, draftPlace(place))) as T;
      } catch {
        // Written under another key (before a reset): left where it is, never shown as something else.
        return null;
      }
    },
    async write(place, value) {
      const ciphertext = await cipher.encrypt(value, draftPlace(place));
      await set(keyOf(place), { ciphertext, writtenAt: Date.now() } satisfies StoredDraft, db);
    },
    async remove(place) {
      await del(keyOf(place), db);
    },
    async places(prefix) {
      const all = (await keys<string>(db)).map(String);
      const start = keyOf(prefix);
      return all.filter((k) => k.startsWith(start)).map((k) => k.slice(userId.length + 1));
    },
  };
}

/** A visitor's drafts: in this page's memory only, until a sign-in moves them into the encrypted store. */
const visitorDrafts = new Map<string, unknown>();

export const memoryDraftStore: DraftStore = {
  async read<T>(place: string) {
    return (visitorDrafts.get(place) as T | undefined) ?? null;
  },
  async write(place, value) {
    visitorDrafts.set(place, value);
  },
  async remove(place) {
    visitorDrafts.delete(place);
  },
  async places(prefix) {
    return [...visitorDrafts.keys()].filter((k) => k.startsWith(prefix));
  },
};

/**
 * The places where `userId` has a draft on this device, without opening any: writing that is not saved yet
 * (a saved draft is deleted). Logout asks before it deletes them.
 */
export async function storedDraftPlaces(userId: string, db: UseStore = draftDatabase()): Promise<string[]> {
  const start = `${userId}|`;
  return (await keys<string>(db))
    .map(String)
    .filter((k) => k.startsWith(start))
    .map((k) => k.slice(start.length));
}

/** At logout (and account deletion): every draft goes, with the key that could open it. */
export async function clearDrafts(db: UseStore = draftDatabase()): Promise<void> {
  visitorDrafts.clear();
  await clear(db);
}
