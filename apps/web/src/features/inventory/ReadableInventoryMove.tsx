import { useEffect, useRef } from 'react';
import { useServerQueryClient } from '../../app/serverState.tsx';
// In every page's first load (the shell): the files themselves, not the feature's index (see auth/index.ts).
import { useDataCipher, useSession } from '../auth/index.ts';

/**
 * Once per page load with the key here: inventories an older client saved in the clear are encrypted in
 * this browser and sent back in their place (nothing is shown; they stay readable and shown until then).
 * After an unlock no readable inventory is left on the server, unless a request failed; the next tries again.
 */
export function ReadableInventoryMove() {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!cipher || !user || started.current === user.id) return;
    started.current = user.id;
    void (async () => {
      const [{ encryptReadableInventories }, { inventoryApi }] = await Promise.all([
        import('./encryptReadable.ts'),
        import('./api.ts'),
      ]);
      const counts = await encryptReadableInventories(cipher, inventoryApi);
      if (counts.encrypted > 0) {
        await queryClient.invalidateQueries({ queryKey: ['inventory', user.id] });
        await queryClient.invalidateQueries({ queryKey: ['inventory-entries', user.id] });
      }
    })().catch((error) => console.warn('Could not encrypt the inventories saved in the clear', error));
  }, [cipher, user, queryClient]);

  return null;
}
