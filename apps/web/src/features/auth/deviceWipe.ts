import { clearDataKeys } from '../../crypto/index.ts';
import { clearDrafts } from '../drafts/index.ts';
import { forgetPendingKeks } from './pendingKeks.ts';
import { WIPE_PENDING_KEY } from './signOutMarks.ts';

/**
 * The rest of a sign-out, after the sign-in left storage (signOutMarks.ts forgetSignInNow): the data key,
 * the drafts (they go with the key that could open them) and the keks kept in memory. Loaded only when
 * someone signs out, or when SAM starts and finds a sign-out that a closed tab cut short.
 */
export async function wipeDeviceData(store: Pick<Storage, 'removeItem'> = localStorage): Promise<void> {
  await clearDataKeys().catch((error) => console.warn('Could not clear the data key store', error));
  await clearDrafts().catch((error) => console.warn('Could not clear the drafts', error));
  forgetPendingKeks();
  store.removeItem(WIPE_PENDING_KEY);
}
