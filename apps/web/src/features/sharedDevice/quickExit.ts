import { lockOnQuickExit } from './deviceLock.ts';

/** Where quick exit goes: an ordinary page that says nothing about SAM or recovery. */
export const NEUTRAL_PAGE = 'https://www.bbc.com/weather';

/** Escape pressed this many times within {@link ESCAPES_WINDOW_MS} leaves at once. */
export const ESCAPES_TO_EXIT = 3;
export const ESCAPES_WINDOW_MS = 1500;

/** The data key's store (crypto/keyStore.ts KEY_DB_NAME), named here so the header loads no crypto code. */
export const KEY_DB_NAME = 'sam-keys';

/**
 * Leaves SAM for the neutral page. When someone is signed in and "Lock SAM when I use Quick exit" is on (the
 * default), it first marks SAM locked, synchronously, and asks the browser to delete the stored data key:
 * reopening SAM shows the lock screen and no writing. Then it empties the screen and the tab title, and
 * replaces SAM's entry in the tab's history, so Back does not show the page that was open. Drafts stay
 * encrypted on the device.
 */
export function quickExit(target: Window = window): void {
  if (lockOnQuickExit(target.localStorage)) {
    try {
      target.indexedDB.deleteDatabase(KEY_DB_NAME);
    } catch {
      // No IndexedDB: the key lived in the page only, and the page goes now.
    }
  }
  target.document.title = '';
  target.document.body.replaceChildren();
  target.location.replace(NEUTRAL_PAGE);
}

/**
 * Counts Escape presses; true when the latest completes three in a row within the window. Any other key,
 * or a tap or click (passed as its event type), starts the count again: Escape that closes one dialog after
 * another, with taps between, never leaves.
 */
export function escapeCounter(now: () => number = Date.now) {
  let presses: number[] = [];
  return (keyOrInput: string): boolean => {
    if (keyOrInput !== 'Escape') {
      presses = [];
      return false;
    }
    const time = now();
    presses = [...presses.filter((at) => time - at <= ESCAPES_WINDOW_MS), time];
    return presses.length >= ESCAPES_TO_EXIT;
  };
}
