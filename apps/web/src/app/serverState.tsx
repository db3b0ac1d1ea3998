import {
  type DefaultError,
  type FetchQueryOptions,
  notifyManager,
  QueryClient,
  type QueryKey,
  queryOptions,
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

export { queryOptions };

/**
 * How long a reply read ahead of its page (readAhead.ts) stays fresh: the page drawn within that time uses
 * it instead of asking again. The queries read ahead take it as their `staleTime`; a change made in this
 * browser updates or invalidates them as before.
 */
export const READ_AHEAD_FRESH_MS = 10_000;

/** Starts a read into the cache unless a fresh reply is there; a failure is left for the page's own query. */
export function readIntoCache<TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, DefaultError, TData, TKey>,
): void {
  void queryClient.prefetchQuery(options);
}

/**
 * A reply read ahead of its page, taken once by the query that opens it (decrypts it): the read's answer if
 * it was made in the last READ_AHEAD_FRESH_MS or is on its way, else a read made now. It is then dropped from
 * the cache, so the page's next load (a refetch, a save's reload) asks the server again.
 */
export async function takeReadAhead<TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, DefaultError, TData, TKey>,
): Promise<TData> {
  try {
    return await queryClient.fetchQuery({ ...options, staleTime: READ_AHEAD_FRESH_MS });
  } finally {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}

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
