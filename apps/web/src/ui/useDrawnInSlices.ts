import { useDeferredValue } from 'react';

/**
 * Whether a page's content, once `ready`, is drawn yet: false at first, then true in a background render
 * that React splits into slices and that yields to a tap in between. Data a query hands over is otherwise
 * drawn in one go, a long task that holds up input on a slow phone. Until then the page keeps its loading
 * state; on a fast machine that is one frame.
 */
export function useDrawnInSlices(ready: boolean): boolean {
  return useDeferredValue(ready, false);
}
