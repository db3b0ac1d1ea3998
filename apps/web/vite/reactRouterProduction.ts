import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

/**
 * React Router's package exports only its development build, for production builds too: it warns in the
 * console, checks routes as it renders and shows a "Hey developer" note in its default error page. Its
 * production build sits beside it in the package (decision 35).
 */
export const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** The aliases of a Vite command: `vite build` takes React Router's production build; dev and tests keep its warnings. */
export function reactRouterAliases(command: 'build' | 'serve'): Alias[] {
  return command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [];
}
