import type { Params } from 'react-router';
import { storedUserId } from '../features/auth/index.ts';

/**
 * A route's loader, and when to run it again, that starts the reads its page draws first for the user whose
 * session this browser keeps, without waiting for them. On a first load they leave beside the session check
 * instead of after its answer and the page's first render; on a click, beside the page's code. The page's
 * queries then find the answers in the cache (READ_AHEAD_FRESH_MS and takeReadAhead in serverState.tsx). A
 * session the check ends gets no use of them: a page asks for its data under the signed-in user only.
 */
export function readAhead(start: (userId: string, params: Params) => void) {
  return {
    loader: ({ params }: { params: Params }): null => {
      const userId = storedUserId(localStorage);
      if (userId) start(userId, params);
      return null;
    },
    // The reads are for the page's arrival: a change of its search (a day, a tab) reads nothing again.
    shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
      currentUrl.pathname !== nextUrl.pathname,
  };
}
