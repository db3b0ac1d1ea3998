import { createBrowserRouter, type DataRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './routes.tsx';

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

/**
 * The app. TanStack Query's provider sits around the parts that read server state, each loaded with it
 * (lazyServerState.tsx), so visitors' pages do not download the query library.
 */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
