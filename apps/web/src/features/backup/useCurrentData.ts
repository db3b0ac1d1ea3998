import { useServerQuery } from '../../app/serverState.tsx';
import { useDataCipher, useSession } from '../auth/index.ts';
import { loadCurrentData } from './currentData.ts';

/** The user's current data, read fresh each time the dialog opens. */
export function useCurrentData(enabled: boolean) {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  return useServerQuery({
    queryKey: ['backup-current', user?.id ?? null],
    queryFn: () => loadCurrentData(cipher as NonNullable<typeof cipher>),
    enabled: enabled && cipher !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
