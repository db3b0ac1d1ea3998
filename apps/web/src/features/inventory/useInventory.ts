import {
  completionMarker,
  type EntryRecord,
  INVENTORY_RELOAD_DELAY_MS,
  INVENTORY_TYPES,
  type InventoryCompletion,
  InventoryReadError,
  type InventoryReply,
  type InventoryState,
  type InventoryType,
  inventoryCompleted,
  inventoryPayload,
  inventoryPlace,
  parseInventoryPayload,
  readableInventoryEntries,
  sharedInventoryContent,
} from '@sam/core';
import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from '../../app/http.ts';
import {
  queryOptions,
  READ_AHEAD_FRESH_MS,
  useServerQueries,
  useServerQuery,
  useServerQueryClient,
} from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { inventoryApi } from './api.ts';

const replyKey = (userId: string | null, type: InventoryType) => ['inventory', userId, type] as const;
const entriesKey = (userId: string | null, type: InventoryType, cipherText: string | null) =>
  ['inventory-entries', userId, type, cipherText] as const;

/** The read of one inventory's record: the page's, and step 4's read ahead (readStepPageAhead). */
export const inventoryQuery = (userId: string | null, type: InventoryType) =>
  queryOptions({
    queryKey: replyKey(userId, type),
    queryFn: () => inventoryApi.get(type),
    staleTime: READ_AHEAD_FRESH_MS,
  });

export type InventoryStatus = { entryCount: number; completed: boolean };
export type InventoryStatuses = Record<InventoryType, InventoryStatus> | null;

/** The three inventories' readable status (entry count and completion), for the pills and step 4's rule. */
export function useInventoryStatuses(enabled = true): InventoryStatuses {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const results = useServerQueries({
    queries: INVENTORY_TYPES.map((type) => ({
      ...inventoryQuery(userId, type),
      enabled: enabled && userId !== null,
    })),
  });
  const data = results.map((r) => r.data);
  const ready = data.every((d) => d !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the replies themselves are the inputs
  return useMemo(() => {
    if (!ready) return null;
    const out = {} as Record<InventoryType, InventoryStatus>;
    INVENTORY_TYPES.forEach((type, i) => {
      const reply = data[i] as InventoryReply;
      out[type] = {
        entryCount: reply.entry_count,
        completed: inventoryCompleted(reply.completed, reply.entry_count),
      };
    });
    return out;
  }, [ready, ...data]);
}

/** Which inventories are marked complete (step 4 action 3's rule); null until known. */
export function useInventoryCompletion(enabled: boolean): InventoryCompletion | null {
  const statuses = useInventoryStatuses(enabled);
  return useMemo(
    () =>
      statuses
        ? {
            resentments: statuses.resentments.completed,
            fears: statuses.fears.completed,
            harms: statuses.harms.completed,
          }
        : null,
    [statuses],
  );
}

/**
 * Reloads the three statuses a moment (INVENTORY_RELOAD_DELAY_MS) after the dialog closes, so the pills
 * show what was saved in it.
 */
export function useReloadInventoryStatus() {
  const queryClient = useServerQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useCallback(() => {
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['inventory', userId] });
    }, INVENTORY_RELOAD_DELAY_MS);
  }, [queryClient, userId]);
}

export type InventoryLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** The active key cannot open it: locked by an earlier key, or damaged. */
  | { status: 'decrypt-error' }
  | { status: 'ready'; state: InventoryState };

/** One inventory, decrypted in this browser. */
export function useInventory(type: InventoryType): InventoryLoad {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const reply = useServerQuery({ ...inventoryQuery(userId, type), enabled: userId !== null });
  const cipherText = reply.data?.encryptedData ?? null;
  const entries = useServerQuery({
    queryKey: entriesKey(userId, type, cipherText),
    enabled: cipher !== null && reply.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async (): Promise<EntryRecord[]> => {
      // Saved in the clear by an older client: shown as it is until this browser has encrypted it (the
      // shell's ReadableInventoryMove), and a save here encrypts it too.
      if (!cipherText && reply.data?.encrypted === false)
        return readableInventoryEntries(type, reply.data.items);
      if (!cipherText || !cipher) return [];
      return parseInventoryPayload(type, await cipher.decrypt(cipherText, inventoryPlace(type)));
    },
  });
  if (reply.isError && !reply.data) return { status: 'error', message: 'Failed to load your inventory.' };
  if (entries.isError) {
    // An inventory SAM cannot read is shown as an error, never as an empty list that a save would overwrite.
    if (entries.error instanceof InventoryReadError)
      return { status: 'error', message: entries.error.message };
    return { status: 'decrypt-error' };
  }
  if (!reply.data || !entries.data) return { status: 'loading' };
  return {
    status: 'ready',
    state: { entries: entries.data, completed: reply.data.completed && entries.data.length > 0 },
  };
}

/**
 * Saves an inventory: encrypts the entry list in this browser and sends only the ciphertext, the completion
 * marker and the count. Saves of one inventory run one after another, in order.
 */
export function useSaveInventory(type: InventoryType) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    (state: InventoryState) => {
      const run = chain.current.then(async () => {
        if (!cipher || !userId) throw new Error('User not authenticated');
        let encryptedData: string;
        try {
          encryptedData = await cipher.encrypt(inventoryPayload(state.entries), inventoryPlace(type));
        } catch (cause) {
          throw new Error('Failed to encrypt inventory data', { cause });
        }
        const completed = inventoryCompleted(state.completed, state.entries.length);
        const reply = await inventoryApi.save(
          type,
          encryptedData,
          completionMarker(completed, new Date()),
          state.entries.length,
        );
        queryClient.setQueryData(entriesKey(userId, type, reply.encryptedData ?? null), state.entries);
        queryClient.setQueryData(replyKey(userId, type), reply);
        const shared = sharedInventoryContent(type, [...reply.items, ...state.entries]);
        // Not awaited: the sponsor's copy (when this inventory is shared) never holds up or undoes the save.
        void import('../sponsorSpace/index.ts').then((space) =>
          space.syncSharedItemAfterSave(cipher, userId, `inventory-${type}`, shared),
        );
        return reply;
      });
      chain.current = run.catch(() => undefined);
      return run;
    },
    [cipher, userId, queryClient, type],
  );
  const startOver = useCallback(() => {
    const run = chain.current.then(async () => {
      try {
        await inventoryApi.remove(type);
      } catch (error) {
        // Never saved: nothing to delete.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await queryClient.invalidateQueries({ queryKey: replyKey(userId, type) });
    });
    chain.current = run.catch(() => undefined);
    return run;
  }, [queryClient, type, userId]);
  return { save, startOver };
}
