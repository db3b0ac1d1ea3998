import { storedUserId } from '../features/auth/index.ts';

/**
 * A route's loader that starts the reads its page draws first, for the user whose session this browser
 * keeps, without waiting for them. On a first load they leave beside the session check instead of after it
 * and the page's first render; on a click, beside the page's code. The page's own queries then find the
 * replies in the cache (READ_AHEAD_FRESH_MS in serverState.tsx). A session the check then ends gets nothing
 * from them: its pages ask for their data under the signed-in user only.
 */
export function readAhead(start: (userId: string) => void): () => null {
  return () => {
    const userId = storedUserId(localStorage);
    if (userId) start(userId);
    return null;
  };
}
