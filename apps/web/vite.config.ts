import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazySchemasPlugin } from './vite/lazySchemas.ts';
import { precompressPlugin } from './vite/precompress.ts';
import { APP_SHELL, prerenderPlugin } from './vite/prerender.ts';
import { reactRouterAliases } from './vite/reactRouterProduction.ts';
import { shareViewerHtmlPlugin } from './vite/shareViewerHtml.ts';
import { versionInfoPlugin } from './vite/versionInfo.ts';

const THEME_COLOUR = '#2b6967';
const BACKGROUND_COLOUR = '#f6f5f1';
const SRC = fileURLToPath(new URL('./src/', import.meta.url));

/** Screens of the prerendered pages a visitor lands on (`screen` in src/app/routes.tsx), and web-vitals. */
const VISITOR_PAGES = [
  'features/assessment/SelfAssessPage.tsx',
  'features/discover/DiscoverPage.tsx',
  'features/programs/SaaProgramPage.tsx',
  'features/programs/ProgramLandingPage.tsx',
  'features/saaTools/AmIASexAddictPage.tsx',
  'features/saaTools/SexAddictionPage.tsx',
  'features/vitals/reportWebVitals.ts',
];

/** What signing up and in, and the footer's dialogs, load: what a visitor opens besides the pages. */
const ACCOUNT_SCREENS = [
  'features/auth/LoginModal.tsx',
  'features/auth/ResetPasswordModal.tsx',
  'features/auth/SignupPage.tsx',
  'features/auth/VerifyEmailPage.tsx',
  'features/about/AboutDialog.tsx',
  'features/about/PrivacyDialog.tsx',
  'features/feedback/FeedbackDialog.tsx',
  'ui/dialogs/QueuedDialog.tsx',
];

/**
 * A chunk group's test: one of these files. The group takes in what they use as well, as the bundler
 * follows imports: only those a file really uses, so a feature's index.ts brings only what is taken from it.
 */
function oneOf(files: string[]): (id: string) => boolean {
  const ids = new Set(files.map((file) => SRC + file));
  return (id) => ids.has(id);
}

/** `visitor~SelfAssessPage~…` (a group split by the pages that use it) and `app.css` are `visitor`, `app`. */
const groupName = (name: string) => name.replace(/\.[^.]*$/, '').split('~')[0] as string;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    lazySchemasPlugin(),
    versionInfoPlugin(),
    VitePWA({
      filename: 'sw.js',
      registerType: 'autoUpdate',
      // An external registerSW.js: the server's CSP forbids inline scripts.
      injectRegister: 'script-defer',
      manifest: {
        name: 'SAM',
        short_name: 'SAM',
        description: 'A private, encrypted workbook for working a twelve-step recovery program.',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,md,webmanifest}'],
        navigateFallback: APP_SHELL,
        navigateFallbackDenylist: [/^\/api\//, /^\/s\//],
        cleanupOutdatedCaches: true,
      },
    }),
    shareViewerHtmlPlugin(),
    prerenderPlugin(),
    precompressPlugin(),
  ],
  resolve: {
    alias: [
      // Radix's scroll lock injects <style> tags, which the CSP (style-src 'self') refuses.
      {
        find: 'react-style-singleton',
        replacement: fileURLToPath(new URL('./src/ui/cspStyleSingleton.ts', import.meta.url)),
      },
      ...reactRouterAliases(command),
    ],
  },
  build: {
    // A lazy screen's own imports are fetched when it loads, not announced first with a <link> each: few
    // files (the groups below), cached after the first visit, and every link a page adds costs its main
    // thread (decision 25). A page's first files are still listed in its HTML.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The share viewer (src/share/, see docs/architecture.md) is its own small page, served at /s/:id.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        share: fileURLToPath(new URL('./share.html', import.meta.url)),
      },
      output: {
        // Groups named after a set of pages are split by the pages that use each module (`entriesAware`);
        // the file keeps the group's name.
        chunkFileNames: (chunk) => `assets/${groupName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) => `assets/${groupName(asset.names[0] ?? 'asset')}-[hash][extname]`,
        // Each load fetches few files: every file costs the main thread a request, and a slow phone's
        // network a round trip (decision 25). Groups of higher priority take their modules first.
        codeSplitting: {
          groups: [
            // Libraries change less often than SAM: separate chunks stay cached across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/,
              priority: 7,
            },
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]/, priority: 6 },
            // The HTML sanitizer of shared documents and step content: its own file, named for what it is.
            { name: 'purify', test: /node_modules[\\/]dompurify[\\/]/, priority: 6 },
            // The share viewer's own small load, and the entry's first load (app.html) in one file.
            { name: 'share', test: oneOf(['share/main.ts']), entriesAware: true, priority: 5 },
            { name: 'app', test: oneOf(['main.tsx']), priority: 4 },
            // A visitor's page loads its screen's own files, never the signed-in code.
            { name: 'visitor', test: oneOf(VISITOR_PAGES), entriesAware: true, priority: 3 },
            { name: 'account', test: oneOf(ACCOUNT_SCREENS), priority: 2 },
            // Everything two signed-in screens or dialogs share; a screen's own code stays in its chunk. The
            // bundler's own helpers (ids starting with \0), shared by both pages, stay apart.
            {
              name: 'signed-in',
              test: (id) => !id.startsWith('\0'),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
