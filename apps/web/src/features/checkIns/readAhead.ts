import { readIntoCache } from '../../app/serverState.tsx';
import { checkInListQuery } from './useCheckIns.ts';

/** What the check-in page draws first: the list of check-ins, opened in this browser once the key is. */
export function readCheckInPageAhead(userId: string): void {
  readIntoCache(checkInListQuery(userId));
}
