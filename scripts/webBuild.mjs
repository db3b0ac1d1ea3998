// Builds the web app when its output is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { builtAfter, root, swapIn } from './buildOutput.mjs';

const output = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/share.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'packages/core/src',
];

/**
 * Builds into a fresh folder and swaps it in, so a server already serving apps/web/dist never sees a
 * half-written build.
 */
export function ensureWebBuild() {
  if (builtAfter(output, sources)) return;
  console.log('Building the web app…');
  const dist = join(root, 'apps/web/dist');
  const fresh = `${dist}-next-${process.pid}`;
  const result = spawnSync('npx', ['vite', 'build', '--outDir', fresh, '--emptyOutDir'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    // A test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    console.error('The web app failed to build.');
    process.exit(result.status ?? 1);
  }
  swapIn(fresh, dist);
}
