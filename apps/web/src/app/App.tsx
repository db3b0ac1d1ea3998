import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, type DataRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/**
 * The router, with the current page's code already loaded: a page the build prerendered is then taken
 * over as it is, without a blank moment while its code loads.
 */
export async function createAppRouter(): Promise<DataRouter> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}

export function App({ router }: { router: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
