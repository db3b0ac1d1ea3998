import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const repoRoot = new URL('../../../', import.meta.url).pathname;

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

function versionInfo() {
  const { version } = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version: string };
  const now = new Date().toISOString();
  return {
    version,
    buildDate: now,
    lastDeployed: now,
    gitBranch: git('rev-parse', '--abbrev-ref', 'HEAD'),
    gitCommit: git('rev-parse', 'HEAD'),
  };
}

/** Emits dist/version-info.json at build time and serves the same file from the dev server. */
export function versionInfoPlugin(): Plugin {
  return {
    name: 'sam-version-info',
    configureServer(server) {
      server.middlewares.use('/version-info.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-cache');
        res.end(JSON.stringify(versionInfo()));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version-info.json',
        source: `${JSON.stringify(versionInfo(), null, 2)}\n`,
      });
    },
  };
}
