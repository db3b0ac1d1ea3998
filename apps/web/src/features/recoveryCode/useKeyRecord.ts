import { useServerQuery } from '../../app/serverState.tsx';
import { keyRecordQueryKey, keysApi, useDataKey, useSession } from '../auth/index.ts';

/**
 * The account's key record, read once the data key is open in this browser: whether its recovery code was
 * confirmed saved is on it (recoverySavedAt). Before that (locked, or waiting for recovery) it is not read.
 */
export function useKeyRecord() {
  const userId = useSession().user?.id ?? null;
  const ready = useDataKey().status === 'ready';
  return useServerQuery({
    queryKey: keyRecordQueryKey(userId ?? ''),
    queryFn: () => keysApi.get(userId ?? ''),
    enabled: ready && userId !== null,
    // Back on the dashboard within a minute, the answer stands; a code saved here updates it at once.
    staleTime: 60_000,
  });
}

/** Whether to ask the person to keep a recovery code: the key is open and its code was never confirmed. */
export function useAsksForRecoveryCode(): boolean {
  const record = useKeyRecord();
  return record.data != null && record.data.recoverySavedAt === null;
}
