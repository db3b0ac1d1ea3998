import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
// A relative import: the build's config loader bundles it, while Node 20 cannot load the package's TypeScript.
import { PROGRAM_IDS } from '../../../packages/core/src/fellowships.ts';
import { pageHtml, styleSheetsByClass } from '../src/prerender/pageHtml.ts';

/**
 * The pages a visitor usually lands on first. Each is rendered at build time, as a first-time visitor's
 * browser would draw it, so the page shows before any script has run; the app then takes it over
 * (hydrates it). Pages whose content depends on the account are not prerendered.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/self-assess',
  '/discover',
  ...PROGRAM_IDS.map((id) => `/programs/${id}`),
  '/programs/saa/am-i-a-sex-addict',
  '/programs/saa/sex-addiction',
];

/** The shell without page content, for every other path (the server's and the service worker's fallback). */
export const APP_SHELL = 'app.html';

const ENTRY = 'src/prerender/render.tsx';

/** An empty Web Storage: what a first-time visitor's browser has. */
class MemoryStorage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}

/**
 * After the browser build: renders PRERENDERED_PAGES with a server build of the app and writes each as
 * `<path>/index.html` (the static file server serves a folder's index.html), keeping the plain shell as
 * app.html.
 */
export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  let enabled = true;
  return {
    name: 'sam-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
      enabled = !config.build.ssr;
    },
    closeBundle: {
      // Before the PWA plugin's closeBundle writes the service worker, so it precaches these pages.
      order: 'pre',
      sequential: true,
      async handler() {
        if (!enabled) return;
        // Inside the app's folder, so the server build finds the app's packages.
        const ssrDir = join(root, `dist-prerender-${process.pid}`);
        try {
          await build({
            root,
            mode,
            logLevel: 'warn',
            build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
          });
          Object.assign(globalThis, {
            localStorage: new MemoryStorage(),
            sessionStorage: new MemoryStorage(),
          });
          const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'render.js')).href)) as {
            renderPage(path: string): Promise<string>;
          };
          const template = readFileSync(join(outDir, 'index.html'), 'utf8');
          writeFileSync(join(outDir, APP_SHELL), template);
          const assets = join(outDir, 'assets');
          const sheets = styleSheetsByClass(
            readdirSync(assets)
              .filter((name) => name.endsWith('.css'))
              .map((name) => ({ href: `/assets/${name}`, css: readFileSync(join(assets, name), 'utf8') })),
          );
          for (const path of PRERENDERED_PAGES) {
            const file = join(outDir, path, 'index.html');
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, pageHtml(template, await renderPage(path), sheets));
          }
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
          Reflect.deleteProperty(globalThis, 'localStorage');
          Reflect.deleteProperty(globalThis, 'sessionStorage');
        }
      },
    },
  };
}
