import {
  completionMarker,
  type EntryRecord,
  earlierVersionName,
  earlierVersions,
  type InventoryState,
  type InventoryType,
  type InventoryVersionInfo,
  inventoryCompleted,
  inventoryPayload,
  inventoryPlace,
  parseInventoryPayload,
} from '@sam/core';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../app/http.ts';
import { useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import type { Tone } from '../../ui/Message.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { inventoryApi } from './api.ts';

const versionsKey = (userId: string | null, type: InventoryType) =>
  ['inventory-versions', userId, type] as const;

let lastTime = 0;
/** Each kept version gets its own time, even two in the same millisecond. */
function nextVersionTime(): number {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return lastTime;
}

/** Saves the new current inventory; rejects when it could not (the panel then shows what it had). */
export type ApplyInventory = (next: InventoryState) => Promise<void>;

/** What the tools that change the whole inventory at once (CSV import, earlier versions) get from the panel. */
export type WholeInventoryToolProps = {
  type: InventoryType;
  /** The inventory as the editor holds it now. */
  entries: readonly EntryRecord[];
  completed: boolean;
  disabled: boolean;
  /** Saves `next` as the current inventory and shows it; rejects when the save fails (nothing changed). */
  apply: ApplyInventory;
  /** The panel's short notice under the toolbar (cleared after `ms`). */
  notify: (tone: Tone, text: string, ms: number) => void;
};

/** The earlier versions of one inventory, newest first; loaded only while `enabled`. */
export function useEarlierVersionList(type: InventoryType, enabled: boolean) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useServerQuery({
    queryKey: versionsKey(userId, type),
    queryFn: async (): Promise<InventoryVersionInfo[]> =>
      earlierVersions(type, await inventoryApi.versions(type)),
    enabled: enabled && userId !== null,
  });
}

/**
 * Keeping, restoring and deleting earlier versions of one inventory. Each is encrypted in this browser like
 * the current one, bound to its own version name, so the server holds only ciphertext.
 */
export function useEarlierVersions(type: InventoryType) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: versionsKey(userId, type) }),
    [queryClient, userId, type],
  );

  /** Saves `state` as a new earlier version and returns its name; an empty inventory needs none (null). */
  const keep = useCallback(
    async (state: InventoryState): Promise<string | null> => {
      if (state.entries.length === 0) return null;
      if (!cipher) throw new Error('User not authenticated');
      const version = earlierVersionName(type, nextVersionTime());
      const encryptedData = await cipher.encrypt(
        inventoryPayload(state.entries),
        inventoryPlace(type, version),
      );
      const completed = inventoryCompleted(state.completed, state.entries.length);
      await inventoryApi.saveVersion(
        type,
        version,
        encryptedData,
        completionMarker(completed, new Date()),
        state.entries.length,
      );
      await refresh();
      return version;
    },
    [cipher, refresh, type],
  );

  /** Reads and decrypts one earlier version. */
  const open = useCallback(
    async (version: string): Promise<InventoryState> => {
      if (!cipher) throw new Error('User not authenticated');
      const reply = await inventoryApi.getVersion(type, version);
      if (!reply.encryptedData) throw new Error('This earlier version is no longer there.');
      const entries = parseInventoryPayload(
        type,
        await cipher.decrypt(reply.encryptedData, inventoryPlace(type, version)),
      );
      return { entries, completed: inventoryCompleted(reply.completed, entries.length) };
    },
    [cipher, type],
  );

  /**
   * Puts an earlier version back as current (null: the empty inventory there was before an import). What it
   * replaces is kept first as an earlier version, so nothing is lost; the restored one is then removed from
   * the list, since it is now current. Returns the name the replaced inventory was kept under.
   */
  const restore = useCallback(
    async (version: string | null, current: InventoryState, apply: ApplyInventory) => {
      const earlier = version ? await open(version) : { entries: [], completed: false };
      const kept = await keep(current);
      await apply(earlier);
      if (version) {
        try {
          await inventoryApi.removeVersion(type, version);
        } catch (error) {
          // Restored all the same; the copy stays listed and can be deleted by hand.
          if (!(error instanceof ApiError && error.status === 404))
            console.warn('Removing a restored version failed', error);
        }
      }
      await refresh();
      return kept;
    },
    [keep, open, refresh, type],
  );

  const remove = useCallback(
    async (version: string) => {
      try {
        await inventoryApi.removeVersion(type, version);
      } catch (error) {
        // Already gone (another tab): the list just needs refreshing.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await refresh();
    },
    [refresh, type],
  );

  return useMemo(() => ({ keep, restore, remove }), [keep, restore, remove]);
}
