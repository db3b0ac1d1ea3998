import {
  ABSTINENCE_API_MESSAGES,
  ABSTINENCE_PLACE,
  type AbstinenceRecord,
  type AbstinenceReply,
  abstinenceRecordSchema,
  emptyAbstinence,
} from '@sam/core';
import { useCallback } from 'react';
import { ApiError } from '../../app/http.ts';
import { useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { abstinenceApi } from './api.ts';

/** Where the record's ciphertext is bound: one record a person. */

const replyKey = (userId: string | null) => ['abstinence', userId] as const;
const recordKey = (userId: string | null, ciphertext: string | null) =>
  ['abstinence-record', userId, ciphertext] as const;

export type AbstinenceLoad =
  | { status: 'loading' }
  | { status: 'error' }
  /** Saved, but this browser's key cannot open it (or it is damaged): shown, never overwritten. */
  | { status: 'unreadable' }
  | { status: 'ready'; record: AbstinenceRecord; revision: number };

/** The person's abstinence record, decrypted in this browser. */
export function useAbstinence(enabled = true): AbstinenceLoad {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const reply = useServerQuery({
    queryKey: replyKey(userId),
    queryFn: abstinenceApi.get,
    enabled: enabled && userId !== null,
  });
  const stored = reply.data?.abstinence ?? null;
  const ciphertext = stored?.ciphertext ?? null;
  const record = useServerQuery({
    queryKey: recordKey(userId, ciphertext),
    enabled: enabled && cipher !== null && reply.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async (): Promise<AbstinenceRecord> => {
      if (!ciphertext || !cipher) return emptyAbstinence();
      return abstinenceRecordSchema.parse(await cipher.decrypt(ciphertext, ABSTINENCE_PLACE));
    },
  });
  if (reply.isError && !reply.data) return { status: 'error' };
  if (record.isError) return { status: 'unreadable' };
  if (!reply.data || !record.data) return { status: 'loading' };
  return { status: 'ready', record: record.data, revision: stored?.revision ?? 0 };
}

/** A save refused because the record changed elsewhere since it was read. */
export class StaleAbstinenceError extends Error {
  constructor() {
    super(ABSTINENCE_API_MESSAGES.stale);
  }
}

/**
 * Saves the whole record, encrypted here, over the revision it was read at. When another window saved
 * meanwhile, the record is read again and StaleAbstinenceError says so.
 */
export function useSaveAbstinence() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();
  return useCallback(
    async (next: AbstinenceRecord, revision: number): Promise<void> => {
      if (!cipher || !userId) throw new Error('The data key is not open');
      const ciphertext = await cipher.encrypt(next, ABSTINENCE_PLACE);
      try {
        const saved = await abstinenceApi.save({ revision, ciphertext });
        queryClient.setQueryData(recordKey(userId, ciphertext), next);
        queryClient.setQueryData<AbstinenceReply>(replyKey(userId), {
          abstinence: { ciphertext, revision: saved.revision, updatedAt: saved.updatedAt },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          await queryClient.invalidateQueries({ queryKey: replyKey(userId) });
          throw new StaleAbstinenceError();
        }
        throw error;
      }
    },
    [cipher, userId, queryClient],
  );
}
