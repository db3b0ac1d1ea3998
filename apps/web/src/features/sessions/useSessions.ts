import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { useSession } from '../auth/index.ts';
import { sessionsApi } from './api.ts';

const sessionsKey = (userId: string | null) => ['sessions', userId] as const;

/** The account's live sessions, read again whenever the section is shown. */
export function useSessions() {
  const userId = useSession().user?.id ?? null;
  return useServerQuery({
    queryKey: sessionsKey(userId),
    queryFn: sessionsApi.list,
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

/** Ends one other session (by id) or every other one (no id); the list is read again either way. */
export function useSignOutSession() {
  const queryClient = useServerQueryClient();
  const userId = useSession().user?.id ?? null;
  return useServerMutation({
    mutationFn: (id: string | 'others') =>
      id === 'others' ? sessionsApi.signOutOthers() : sessionsApi.signOut(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(userId) }),
  });
}
