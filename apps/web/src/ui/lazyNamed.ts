import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * React.lazy for a named export: the component's code loads the first time it renders, so what only some
 * people open (dialogs, the signed-in menu) stays out of the first page load. Render it inside <Suspense>.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
