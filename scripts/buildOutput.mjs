// What the web build and the server build share: whether an output is newer than its sources, and putting a
// finished build folder in place.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** Whether `output` exists and is newer than every file under `sources` (paths from the repository root). */
export function builtAfter(output, sources) {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return sources.every((source) => newestMtime(join(root, source)) <= built);
}

/** Puts the finished build folder `fresh` where `dist` was, so a server reading `dist` never sees half a build. */
export function swapIn(fresh, dist) {
  const old = `${dist}-old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(fresh, dist);
  rmSync(old, { recursive: true, force: true });
}
