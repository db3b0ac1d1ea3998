import type { DataCipher, IdentityKey } from '../../crypto/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { openSpace } from './spaceSession.ts';

/**
 * After a relationship ended, the sponsee's browser moves the kept notes to a new key sealed to the sponsee
 * alone (the server asks for it with rotationDue). Run once a page load, in the background.
 */
export async function rotateEndedSpaces(identity: IdentityKey, cipher: DataCipher): Promise<void> {
  const { sponsorshipApi } = await import('../sponsorship/index.ts');
  const { relationships } = await sponsorshipApi.endedRelationships();
  for (const relationship of relationships.filter((r) => r.role === 'sponsee')) {
    const reply = await sponsorSpaceApi.get(relationship.relationshipId).catch(() => null);
    if (reply?.rotationDue) await openSpace(identity, cipher, reply, sponsorSpaceApi);
  }
}
