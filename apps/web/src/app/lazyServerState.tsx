/**
 * Code that reads server state (useQuery, useMutation, useQueryClient) is loaded through these: it comes
 * with TanStack Query and renders inside the shared client's provider (serverState.tsx). Visitors' pages
 * (home, self-assessment, discover, the program pages) use no queries, so their first load stays without
 * the query library. A component that calls a query hook outside such a part fails with "No QueryClient set";
 * what useDialogs() shows renders at the top of the app, outside them all, so content it shows names the
 * client itself (features/content/useContentSection.ts).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The component `load` gives, loaded together with the query client and rendered inside its provider. */
export async function withServerState<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  const [{ ServerStateProvider }, Component] = await Promise.all([import('./serverState.tsx'), load()]);
  return function WithServerState(props: P) {
    return (
      <ServerStateProvider>
        <Component {...props} />
      </ServerStateProvider>
    );
  };
}

/** lazyNamed (ui/lazyNamed.ts) for a component that reads server state. Render it inside <Suspense>. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyServerState<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await withServerState(async () => (await load())[name])) as M[K] }));
}
