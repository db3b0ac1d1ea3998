import {
  type DefaultError,
  notifyManager,
  QueryClient,
  type QueryKey,
  timeoutManager,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import { inNextTask } from './nextTask.ts';
import { coalescedTimers } from './queryTimers.ts';

// Before the client exists (its queries set timers from the start): fewer real timers while a page is
// drawn, and the query results reach the components in a task of their own, as before, without one.
timeoutManager.setTimeoutProvider(coalescedTimers);
notifyManager.setScheduler(inNextTask);

/**
 * SAM's one cache of server state (TanStack Query). The hooks below are bound to it, so they work
 * anywhere in the app (a dialog from the dialog queue included) with no provider to forget: nothing can
 * fail with "No QueryClient set". Only code that reads server state imports this module, and that code is
 * loaded lazily, so visitors' pages do not download the query library.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

export function useServerQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useQuery(options, queryClient);
}
export const useServerQueries: typeof useQueries = (options) => useQueries(options, queryClient);
export const useServerMutation: typeof useMutation = (options) => useMutation(options, queryClient);
/** The client itself, to invalidate, read or write cached data. */
export const useServerQueryClient = (): QueryClient => queryClient;
