import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|md|webmanifest|txt)$/;
/** Below this, compression saves less than the headers it adds. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at the
 * highest levels, so the server sends compressed files without compressing on each request (the server's
 * static handler picks the copy the browser accepts).
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  let enabled = true;
  return {
    name: 'sam-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      enabled = !config.build.ssr;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!enabled) return;
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < MIN_BYTES) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
