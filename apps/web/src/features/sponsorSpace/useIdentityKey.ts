import { queryClient, queryOptions, takeReadAhead, useServerQuery } from '../../app/serverState.tsx';
import type { DataCipher, IdentityKey } from '../../crypto/index.ts';
import { useDataCipher, useSession } from '../auth/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { ensureIdentityKey } from './identityKeySetup.ts';

/** The cache key of a person's opened identity key pair: one per account, made or opened once a page load. */
export const identityKeyQueryKey = (userId: string | null) => ['identity-key', userId] as const;

/** The read of the stored identity key record, made ahead of the sponsor's page and taken once below. */
export const identityRecordQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['identity-key-record', userId],
    queryFn: sponsorSpaceApi.identityKey,
  });

const identityKeyQuery = (userId: string | null, cipher: DataCipher | null) => ({
  queryKey: identityKeyQueryKey(userId),
  queryFn: () => {
    if (!cipher) throw new Error('The data key is not open');
    return ensureIdentityKey(cipher, {
      ...sponsorSpaceApi,
      identityKey: () => takeReadAhead(identityRecordQuery(userId)),
    });
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/**
 * This account's identity key pair, opened with the data key (made and stored first when it has none).
 * Pending until the data key is open; the sign-in effect and the sponsor space pages share it.
 */
export function useIdentityKey() {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const userId = user?.id ?? null;
  return useServerQuery({ ...identityKeyQuery(userId, cipher), enabled: cipher !== null && userId !== null });
}

/** The same pair outside a component (a save that updates a sponsor's copy). */
export function fetchIdentityKey(userId: string, cipher: DataCipher): Promise<IdentityKey> {
  return queryClient.fetchQuery(identityKeyQuery(userId, cipher));
}
