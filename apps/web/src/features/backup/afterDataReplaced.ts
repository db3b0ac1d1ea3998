import { BACKUP_MESSAGES } from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { clearDrafts } from '../drafts/index.ts';

/**
 * What follows a restore or a clear, before the page reloads: the drafts on this device go (they would
 * stand over the new data), and the sponsor's copies of shared items are built again from what is saved
 * now. Returns a note for the person when those copies could not be updated, else null.
 */
export async function afterDataReplaced(
  cipher: DataCipher | null,
  userId: string | null,
): Promise<string | null> {
  await clearDrafts().catch((error) => console.warn('Could not clear the drafts', error));
  if (!cipher || !userId) return null;
  try {
    const space = await import('../sponsorSpace/index.ts');
    await space.refreshSharedItems(cipher, userId);
    return null;
  } catch (error) {
    console.warn('Could not update the sponsor’s copies', error);
    return BACKUP_MESSAGES.sharedCopiesNotUpdated;
  }
}
