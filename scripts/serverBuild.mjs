// Bundles the server into one ES module (apps/server/dist/main.mjs) when it is missing or older than any of
// its sources. Node then starts it in one to two seconds, where running the TypeScript through tsx took several
// seconds cold, and tens of seconds on a busy two-core machine. Packages stay outside the bundle, loaded
// from node_modules as before; only the project's own code (the server and packages/core) is bundled.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { builtAfter, root, swapIn } from './buildOutput.mjs';

const server = join(root, 'apps/server');
const dist = join(server, 'dist');
/** The file `npm start`, the browser tests and the benchmark run. */
export const serverEntry = join(dist, 'main.mjs');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/core/src',
  'packages/core/package.json',
];
// Read at run time beside the bundle, as beside its source (a worker thread's own file).
const copied = ['sqliteCheckpointWorker.mjs'];

/** Builds into a fresh folder and swaps it in, so a running server never sees a half-written bundle. */
export function ensureServerBuild() {
  if (builtAfter(serverEntry, sources)) return;
  const fresh = `${dist}-next-${process.pid}`;
  const { dependencies } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
  buildSync({
    entryPoints: [join(server, 'src/main.ts')],
    outfile: join(fresh, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Every package but the project's own core is loaded from node_modules, as tsx loads it.
    external: Object.keys(dependencies).filter((name) => name !== '@sam/core'),
    logLevel: 'warning',
  });
  mkdirSync(fresh, { recursive: true });
  for (const file of copied) copyFileSync(join(server, 'src/db', file), join(fresh, file));
  swapIn(fresh, dist);
}
