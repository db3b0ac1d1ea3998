/** How long a chore may wait for an idle moment before it runs anyway. */
const LONGEST_WAIT_MS = 2000;

/**
 * Runs `chore` when the browser has a moment with nothing else to do (or after two seconds at the latest):
 * for the requests a page makes for itself rather than for what it shows, such as recording the sign-in
 * or the footer's version. Started with the page's own requests, each fetch lengthens the tasks in which
 * the page is drawn, and on a slow phone those tasks are what keeps a first tap waiting.
 */
export function whenIdle(chore: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(chore, { timeout: LONGEST_WAIT_MS });
  else setTimeout(chore, 1);
}
