/**
 * Code that reads server state (the hooks of serverState.tsx) is loaded through these, together with the
 * query library, so visitors' pages (home, self-assessment, discover, the program pages) load without it.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What `load` gives (a module, a component), loaded together with the query client. */
export async function withServerState<T>(load: () => Promise<T>): Promise<T> {
  const [, loaded] = await Promise.all([import('./serverState.tsx'), load()]);
  return loaded;
}

/** lazyNamed (ui/lazyNamed.ts) for a component that reads server state. Render it inside <Suspense>. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyServerState<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await withServerState(async () => (await load())[name])) as M[K] }));
}
