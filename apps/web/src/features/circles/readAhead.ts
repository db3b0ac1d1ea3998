import { readIntoCache } from '../../app/serverState.tsx';
import { circleRecordsQuery } from './useCircles.ts';

/** What the circles page draws first: every version of the circles, opened once the key is. */
export function readCirclesPageAhead(userId: string): void {
  readIntoCache(circleRecordsQuery(userId));
}
