import { createBrowserRouter, type DataRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The router, with the current page's code already loaded: a page the build prerendered is then taken
 * over as it is, without a blank moment while its code loads.
 *
 * `takesOverPrerenderedPage`: the page on screen is the build's, and the app takes it over as it is. The
 * router then leaves the page where the person has scrolled it (on a slow phone they may have read down
 * the page before the app started) instead of moving it to the top, which would also move whatever they
 * were about to tap.
 */
export async function createAppRouter(takesOverPrerenderedPage: boolean): Promise<DataRouter> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
  // Hydration data, even empty, tells the router the page was drawn before it started.
  return createBrowserRouter(routes, takesOverPrerenderedPage ? { hydrationData: {} } : undefined);
}

/**
 * The app. TanStack Query's provider sits around the parts that read server state, each loaded with it
 * (lazyServerState.tsx), so visitors' pages do not download the query library.
 */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
