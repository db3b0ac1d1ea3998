import type { ShareDocument } from '@sam/core';
import { useServerQuery } from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { shareApi } from './api.ts';
import { shareLink } from './createShare.ts';

export type ListedDocument = ShareDocument & { link: string | null };

export const shareListKey = (userId: string | null) => ['share-documents', userId] as const;

/** The Available Documents list with each link rebuilt; it reloads every time the modal opens (mounts). */
export function useShareDocuments() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  return useServerQuery({
    queryKey: shareListKey(userId),
    enabled: userId !== null && cipher !== null,
    refetchOnMount: 'always',
    queryFn: async (): Promise<ListedDocument[]> => {
      const { documents } = await shareApi.list();
      return Promise.all(
        documents.map(async (d) => ({ ...d, link: cipher ? await shareLink(d, cipher) : null })),
      );
    },
  });
}
