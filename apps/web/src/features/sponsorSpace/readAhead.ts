import type { Params } from 'react-router';
import { readIntoCache } from '../../app/serverState.tsx';
import { spaceReplyQuery } from './spaceView.ts';
import { identityRecordQuery } from './useIdentityKey.ts';

/**
 * What a space's page (`/sponsees/:relationshipId`) draws first: the space, opened with the identity key,
 * itself opened with the data key.
 */
export function readSpacePageAhead(userId: string, { relationshipId }: Params): void {
  readIntoCache(identityRecordQuery(userId));
  if (relationshipId) readIntoCache(spaceReplyQuery(userId, relationshipId));
}
